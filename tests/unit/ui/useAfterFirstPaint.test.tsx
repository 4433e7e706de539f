// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAfterFirstPaint } from '../../../src/ui/useAfterFirstPaint.ts';
import { stubIdleCallbacks } from '../../support/idleCallbacks.ts';

function Page() {
  const ready = useAfterFirstPaint();
  return (
    <div>
      <h1>Aurora Map</h1>
      {ready && <aside aria-label="Map options and readings">panels</aside>}
    </div>
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('parts of the map page deferred past its first paint', () => {
  it('are absent from the first commit and appear once the browser is idle', async () => {
    const { requested: idle, runLatest } = stubIdleCallbacks();
    render(<Page />);
    expect(screen.getByRole('heading', { name: 'Aurora Map' })).toBeTruthy();
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(idle).toHaveLength(1);
    await runLatest();
    expect(screen.getByRole('complementary', { name: 'Map options and readings' })).toBeTruthy();
  });

  it('give up waiting for an idle moment when the page unmounts first', () => {
    const { cancelled } = stubIdleCallbacks(7);
    const { unmount } = render(<Page />);
    unmount();
    expect(cancelled).toEqual([7]);
  });
});
