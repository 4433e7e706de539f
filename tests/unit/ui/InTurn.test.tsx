// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InTurn } from '../../../src/ui/InTurn.tsx';
import { stubIdleCallbacks } from '../../support/idleCallbacks.ts';

function Screen({ allAtOnce = false }: { allAtOnce?: boolean }) {
  return (
    <main>
      <h1>Aurora Forecast</h1>
      <InTurn allAtOnce={allAtOnce}>
        <section aria-label="Track record" />
        <section aria-label="Storm chances" />
        <section aria-label="Solar cycle" />
      </InTurn>
    </main>
  );
}

const shownParts = () => screen.queryAllByRole('region').map((r) => r.getAttribute('aria-label'));
const pending = (container: HTMLElement) => container.querySelectorAll('[data-pending]').length;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a long screen’s lower parts, in turn', () => {
  it('join one per idle moment after the first paint, in order, with a marker until the last', async () => {
    const { requested: idle, runLatest } = stubIdleCallbacks();
    const { container } = render(<Screen />);
    expect(screen.getByRole('heading', { name: 'Aurora Forecast' })).toBeTruthy();
    expect(shownParts()).toEqual([]);
    expect(pending(container)).toBe(1);
    const expected = [['Track record'], ['Track record', 'Storm chances']];
    for (const parts of expected) {
      await runLatest();
      expect(shownParts()).toEqual(parts);
      expect(pending(container)).toBe(1);
    }
    await runLatest();
    expect(shownParts()).toEqual(['Track record', 'Storm chances', 'Solar cycle']);
    expect(pending(container)).toBe(0);
    // One idle request per part, and none once all have joined.
    expect(idle).toHaveLength(3);
  });

  it('render every part in the first commit when a link names one of them', () => {
    const { requested: idle } = stubIdleCallbacks();
    const { container } = render(<Screen allAtOnce />);
    expect(shownParts()).toEqual(['Track record', 'Storm chances', 'Solar cycle']);
    expect(pending(container)).toBe(0);
    expect(idle).toHaveLength(0);
  });

  it('stop waiting when the screen is left', () => {
    const { cancelled } = stubIdleCallbacks(11);
    const { unmount } = render(<Screen />);
    unmount();
    expect(cancelled).toEqual([11]);
  });
});
