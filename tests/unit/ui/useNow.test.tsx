// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useCallback } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from '../../../src/ui/useNow.ts';
import { ageTextChangesAt, formatAge } from '../../../core/time/formatAge.ts';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 27, 2, 0, 30);
const STAMPED = Date.UTC(2026, 10, 27, 1, 56, 0);

let renders = 0;

function SampleAge({ time }: { time: number }) {
  renders++;
  const now = useNow();
  return <p>{`Solar wind ${formatAge(now - time)}`}</p>;
}

function PictureAge({ time }: { time: number }) {
  const next = useCallback((now: number) => ageTextChangesAt(time, now), [time]);
  const now = useNow(next);
  return <p>{`Newest picture ${formatAge(now - time)}`}</p>;
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  renders = 0;
  vi.useFakeTimers({ now: T0 });
});

afterEach(() => {
  cleanup();
  setHidden(false);
  vi.useRealTimers();
});

describe('ages on screen, on the page’s shared clock', () => {
  it('move at the next whole minute of a minute-stamped age, with no render before it', () => {
    render(<SampleAge time={STAMPED} />);
    expect(screen.getByText('Solar wind 4 min ago')).toBeTruthy();
    const before = renders;
    act(() => vi.advanceTimersByTime(29_999));
    expect(renders).toBe(before);
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Solar wind 5 min ago')).toBeTruthy();
    expect(renders).toBe(before + 1);
    act(() => vi.advanceTimersByTime(MIN - 1));
    expect(renders).toBe(before + 1);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Solar wind 6 min ago')).toBeTruthy();
    expect(renders).toBe(before + 2);
  });

  it('share one timer however many ages are shown', () => {
    render(
      <>
        <SampleAge time={STAMPED} />
        <SampleAge time={STAMPED - 3 * MIN} />
        <SampleAge time={STAMPED - 90 * MIN} />
      </>,
    );
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByText('Solar wind 5 min ago')).toBeTruthy();
    expect(screen.getByText('Solar wind 8 min ago')).toBeTruthy();
    expect(screen.getByText('Solar wind 1 h 35 min ago')).toBeTruthy();
    expect(vi.getTimerCount()).toBe(1);
  });

  it('move at the moment an age stamped off the minute changes', () => {
    const picture = T0 - 4 * MIN - 23_250;
    render(<PictureAge time={picture} />);
    expect(screen.getByText('Newest picture 4 min ago')).toBeTruthy();
    act(() => vi.advanceTimersByTime(picture + 5 * MIN - T0 - 1));
    expect(screen.getByText('Newest picture 4 min ago')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Newest picture 5 min ago')).toBeTruthy();
  });

  it('set no timer once no age is on screen', () => {
    const { unmount } = render(<SampleAge time={STAMPED} />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('set no timer while the page is hidden, and are current as soon as it is shown', () => {
    render(<SampleAge time={STAMPED} />);
    act(() => setHidden(true));
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(2 * 60 * MIN));
    expect(screen.getByText('Solar wind 4 min ago')).toBeTruthy();
    act(() => setHidden(false));
    expect(screen.getByText('Solar wind 2 h 4 min ago')).toBeTruthy();
    expect(vi.getTimerCount()).toBe(1);
  });
});
