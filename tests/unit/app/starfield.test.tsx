// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Starfield } from '../../../src/app/Starfield.tsx';
import { SKY_IDLE_MS, TWINKLE_DELAY_MS } from '../../../src/app/stars.ts';

// jsdom has no canvas: a recording 2D context stands in for the browser's, so the test can see
// what the component draws and when it asks for frames.
let arcs = 0;
let frames: FrameRequestCallback[] = [];
let cancelled = 0;
let hidden = false;

function stubBrowser(reducedMotion: boolean) {
  arcs = 0;
  frames = [];
  cancelled = 0;
  const ctx = {
    clearRect() {},
    beginPath() {},
    moveTo() {},
    arc() {
      arcs++;
    },
    fill() {},
    globalAlpha: 1,
    fillStyle: '',
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    ctx as unknown as CanvasRenderingContext2D,
  );
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  vi.stubGlobal('cancelAnimationFrame', () => {
    cancelled++;
  });
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reducedMotion && query.includes('reduce'),
    addEventListener() {},
    removeEventListener() {},
  }));
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
}

function runFrame(at = performance.now()) {
  const pending = frames;
  frames = [];
  for (const cb of pending) cb(at);
}

beforeEach(() => {
  hidden = false;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the starfield', () => {
  it('draws 200 stars at once, starts twinkling only after the first seconds, and keeps animating while visible', () => {
    stubBrowser(false);
    render(<Starfield />);
    expect(arcs).toBe(200);
    expect(frames).toHaveLength(0);
    vi.advanceTimersByTime(TWINKLE_DELAY_MS);
    expect(frames).toHaveLength(1);
    runFrame();
    expect(arcs).toBe(400);
    expect(frames).toHaveLength(1);
  });

  it('stops asking for frames while the document is hidden and resumes when visible', () => {
    stubBrowser(false);
    render(<Starfield />);
    vi.advanceTimersByTime(TWINKLE_DELAY_MS);
    hidden = true;
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(cancelled).toBeGreaterThan(0);
    frames = [];
    hidden = false;
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(frames).toHaveLength(1);
  });

  it('holds still while a pointer is down or a key is held, and twinkles again a second after', () => {
    stubBrowser(false);
    render(<Starfield />);
    vi.advanceTimersByTime(TWINKLE_DELAY_MS);
    expect(frames).toHaveLength(1);
    act(() => {
      window.dispatchEvent(new Event('pointerdown'));
    });
    expect(cancelled).toBeGreaterThan(0);
    frames = [];
    vi.advanceTimersByTime(5000);
    expect(frames).toHaveLength(0);
    act(() => {
      window.dispatchEvent(new Event('pointerup'));
    });
    vi.advanceTimersByTime(500);
    expect(frames).toHaveLength(0);
    vi.advanceTimersByTime(500);
    expect(frames).toHaveLength(1);
    frames = [];
    act(() => {
      window.dispatchEvent(new Event('keydown'));
      window.dispatchEvent(new Event('keyup'));
    });
    runFrame();
    expect(frames).toHaveLength(0);
    vi.advanceTimersByTime(1000);
    expect(frames).toHaveLength(1);
  });

  it('holds the sky still once nobody has touched the screen for a while, and twinkles again at the next input', () => {
    stubBrowser(false);
    render(<Starfield />);
    vi.advanceTimersByTime(TWINKLE_DELAY_MS);
    runFrame(performance.now() + SKY_IDLE_MS / 2);
    expect(frames).toHaveLength(1);
    const drawn = arcs;
    runFrame(performance.now() + SKY_IDLE_MS + 1);
    // That frame is drawn and stays; no further frame is asked for.
    expect(arcs).toBe(drawn + 200);
    expect(frames).toHaveLength(0);
    // A scroll wakes it at once (a tap or a key once released: they hold it still meanwhile).
    act(() => {
      window.dispatchEvent(new Event('wheel'));
    });
    expect(frames).toHaveLength(1);
    runFrame();
    expect(frames).toHaveLength(1);
  });

  it('draws the sky once and never animates under prefers-reduced-motion', () => {
    stubBrowser(true);
    render(<Starfield />);
    vi.advanceTimersByTime(TWINKLE_DELAY_MS);
    expect(arcs).toBe(200);
    expect(frames).toHaveLength(0);
  });

  it('never animates when the user asked to save data, or on a 2g link', () => {
    for (const connection of [
      { saveData: true, effectiveType: '4g' },
      { saveData: false, effectiveType: '2g' },
    ]) {
      stubBrowser(false);
      vi.stubGlobal('navigator', { ...navigator, connection });
      render(<Starfield />);
      vi.advanceTimersByTime(TWINKLE_DELAY_MS);
      expect(arcs).toBe(200);
      expect(frames).toHaveLength(0);
      cleanup();
    }
  });

  it('sizes the sky from what a ResizeObserver reports, never from the window while the screen mounts, and draws the first sky in a task of its own', () => {
    stubBrowser(false);
    let report: ((entries: { contentRect: { width: number; height: number } }[]) => void) | null =
      null;
    let disconnected = false;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(cb: typeof report) {
          report = cb;
        }
        observe() {}
        disconnect() {
          disconnected = true;
        }
      },
    );
    const innerWidth = vi.spyOn(window, 'innerWidth', 'get');
    const { container, unmount } = render(<Starfield />);
    expect(arcs).toBe(0);
    act(() => report!([{ contentRect: { width: 390, height: 844 } }]));
    const canvas = container.querySelector('canvas')!;
    // Not in the observer's callback (a rendering step of the first frames): an idle moment later.
    expect(arcs).toBe(0);
    act(() => vi.advanceTimersByTime(0));
    expect(arcs).toBe(200);
    expect(canvas.width).toBe(390 * (window.devicePixelRatio || 1));
    expect(canvas.height).toBe(844 * (window.devicePixelRatio || 1));
    expect(innerWidth).not.toHaveBeenCalled();
    // Later sizes are drawn at once.
    act(() => report!([{ contentRect: { width: 844, height: 390 } }]));
    expect(arcs).toBe(400);
    expect(canvas.width).toBe(844 * (window.devicePixelRatio || 1));
    unmount();
    expect(disconnected).toBe(true);
  });
});
