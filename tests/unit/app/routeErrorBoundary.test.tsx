// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  describeRouteError,
  isChunkLoadError,
  RouteErrorBoundary,
} from '../../../src/app/RouteErrorBoundary.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('describeRouteError', () => {
  it('tells a screen whose code could not be downloaded from one that crashed', () => {
    const chunk = new TypeError(
      'Failed to fetch dynamically imported module: https://x/assets/ForecastPage-abc.js',
    );
    expect(isChunkLoadError(chunk)).toBe(true);
    expect(describeRouteError(chunk)).toBe(
      'Its code could not be downloaded. Check your connection, then reload.',
    );
    expect(isChunkLoadError(new Error('kp is undefined'))).toBe(false);
    expect(describeRouteError(new Error('kp is undefined'))).toBe(
      'It failed with: kp is undefined.',
    );
    expect(describeRouteError('')).toBe('It failed with: an unknown error.');
  });
});

describe('RouteErrorBoundary', () => {
  it('keeps the rest of the page and offers Try again and Reload when a screen throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    function Screen() {
      if (broken) throw new Error('kp is undefined');
      return <h1>Aurora Forecast</h1>;
    }
    const reload = vi.fn();
    render(
      <div>
        <header>Aurora header</header>
        <RouteErrorBoundary reload={reload}>
          <Screen />
        </RouteErrorBoundary>
      </div>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This screen could not be shown.');
    expect(alert.textContent).toContain(
      'It failed with: kp is undefined. Your saved data and settings are safe.',
    );
    expect(screen.getByText('Aurora header')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);

    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Aurora Forecast' })).toBeTruthy();
  });
});
