import { useEffect, useRef } from 'react';
import { whenIdle } from '../lib/whenIdle.ts';
import {
  ALPHA_LEVELS,
  createStars,
  mayAnimateSky,
  SKY_IDLE_MS,
  STAR_COUNT,
  starAlphaLevel,
  TWINKLE_DELAY_MS,
} from './stars.ts';

const FRAME_STRIDE = 4;
/** How long the sky holds still after the last pointer or key input ends (the frames that answer it come first). */
const HOLD_AFTER_INPUT_MS = 1000;
/** The longest the first sky waits for an idle moment. */
const FIRST_SKY_WAIT_MS = 1000;

interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * The twinkling sky behind every screen. The loop stops while the document is hidden (no work
 * in background tabs) and never starts under prefers-reduced-motion, Save-Data or a 2g link: the
 * sky is drawn once. Otherwise it starts TWINKLE_DELAY_MS after the screen mounts: the first
 * seconds' main thread belongs to the screen's first paint and the map's first oval. It also holds
 * still while a pointer is down or a key is held and for HOLD_AFTER_INPUT_MS after: at 4× CPU
 * slowdown its redraws (a whole-window canvas to raster again) delayed the frames that answer a
 * slider drag, the globe switch or a click (`npm run bench -- interact`). And it holds still
 * SKY_IDLE_MS after the last input, until the next one (a screen left open all night).
 */
export function Starfield() {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const stars = createStars(STAR_COUNT);
    const motionQuery = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    let reduced = motionQuery?.matches ?? false;
    let frame = 0;

    const connection = (navigator as Navigator & { connection?: ConnectionHints }).connection;
    // One path and one fill per brightness level instead of one per star: 200 fills a frame
    // were most of the sky's cost.
    const levels: number[][] = Array.from({ length: ALPHA_LEVELS + 1 }, () => []);
    const draw = (seconds: number) => {
      const { width, height } = canvas;
      ctx.clearRect(0, 0, width, height);
      const scale = window.devicePixelRatio || 1;
      for (const level of levels) level.length = 0;
      for (let i = 0; i < stars.length; i += 1)
        levels[starAlphaLevel(stars[i]!, seconds, reduced)]!.push(i);
      ctx.fillStyle = '#e8efff';
      for (let l = 1; l <= ALPHA_LEVELS; l += 1) {
        const members = levels[l]!;
        if (members.length === 0) continue;
        ctx.globalAlpha = l / ALPHA_LEVELS;
        ctx.beginPath();
        for (const i of members) {
          const star = stars[i]!;
          const x = star.x * width;
          const y = star.y * height;
          const r = star.radius * scale;
          ctx.moveTo(x + r, y);
          ctx.arc(x, y, r, 0, Math.PI * 2);
        }
        ctx.fill();
      }
      ctx.globalAlpha = 1;
    };
    const sizeTo = (cssWidth: number, cssHeight: number) => {
      const scale = window.devicePixelRatio || 1;
      canvas.width = Math.round(cssWidth * scale);
      canvas.height = Math.round(cssHeight * scale);
      draw(performance.now() / 1000);
    };
    const resize = () => sizeTo(window.innerWidth, window.innerHeight);
    // Where the browser has a ResizeObserver, it gives the canvas's size after its own layout:
    // reading window.innerWidth while React commits the first screen forced a whole-page layout
    // inside that commit (~36 ms unthrottled, a long task on a phone). The sky is drawn when the
    // observer first reports (before the next paint), and again on every resize.
    // The first sky waits for an idle moment (at most FIRST_SKY_WAIT_MS): drawn in the observer's
    // callback, its whole-window canvas was one of a first visit's long tasks at 4× CPU slowdown,
    // in the frames the screen's first paint and the map's first oval need. Later sizes are drawn
    // at once.
    let firstDrawn = false;
    let firstPending: (() => void) | null = null;
    let size = { width: 0, height: 0 };
    const drawFirstWhenIdle = () => {
      firstPending ??= whenIdle(() => {
        firstPending = null;
        firstDrawn = true;
        sizeTo(size.width, size.height);
      }, FIRST_SKY_WAIT_MS);
    };
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => {
            const box = entries[entries.length - 1]?.contentRect;
            if (!box) return;
            size = { width: box.width, height: box.height };
            if (firstDrawn) sizeTo(box.width, box.height);
            else drawFirstWhenIdle();
          });
    // Every 4th display frame (15 fps at 60 Hz): a twinkle lasts seconds, and redrawing the whole
    // window on every display frame took ~10 % of the main thread that the screens' own work (the
    // map's first oval, its slider steps) competes for.
    let tick = 0;
    let lastInput = performance.now();
    const loop = (ms: number) => {
      const idle = ms - lastInput > SKY_IDLE_MS;
      if (tick++ % FRAME_STRIDE === 0 || idle) draw(ms / 1000);
      // Idle: the frame just drawn stays; the next input starts the loop again.
      frame = idle ? 0 : requestAnimationFrame(loop);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      frame = 0;
    };
    let delayed = true;
    let held = false;
    let release: ReturnType<typeof setTimeout> | undefined;
    const startIfAllowed = () => {
      if (delayed || held || document.hidden || frame !== 0) return;
      if (
        mayAnimateSky({
          reducedMotion: reduced,
          saveData: connection?.saveData,
          effectiveType: connection?.effectiveType,
        })
      ) {
        frame = requestAnimationFrame(loop);
      }
    };
    const delay = setTimeout(() => {
      delayed = false;
      startIfAllowed();
    }, TWINKLE_DELAY_MS);
    const onInputStart = () => {
      lastInput = performance.now();
      held = true;
      clearTimeout(release);
      stop();
    };
    const onInputEnd = () => {
      clearTimeout(release);
      release = setTimeout(() => {
        held = false;
        lastInput = performance.now();
        startIfAllowed();
      }, HOLD_AFTER_INPUT_MS);
    };
    const inputListeners: [string, () => void][] = [
      ['pointerdown', onInputStart],
      ['keydown', onInputStart],
      ['pointerup', onInputEnd],
      ['pointercancel', onInputEnd],
      ['keyup', onInputEnd],
    ];
    const onVisibility = () => (document.hidden ? stop() : startIfAllowed());
    const onScroll = () => {
      lastInput = performance.now();
      startIfAllowed();
    };
    const SCROLLS = ['wheel', 'touchstart'] as const;
    const onMotion = () => {
      reduced = motionQuery?.matches ?? false;
      if (reduced) {
        stop();
        draw(0);
      } else startIfAllowed();
    };

    if (observer) observer.observe(canvas);
    else {
      resize();
      window.addEventListener('resize', resize);
    }
    startIfAllowed();
    for (const [type, listener] of inputListeners)
      window.addEventListener(type, listener, { capture: true, passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    for (const type of SCROLLS) window.addEventListener(type, onScroll, { passive: true });
    motionQuery?.addEventListener?.('change', onMotion);
    return () => {
      for (const type of SCROLLS) window.removeEventListener(type, onScroll);
      clearTimeout(delay);
      clearTimeout(release);
      stop();
      for (const [type, listener] of inputListeners)
        window.removeEventListener(type, listener, { capture: true });
      observer?.disconnect();
      firstPending?.();
      window.removeEventListener('resize', resize);
      document.removeEventListener('visibilitychange', onVisibility);
      motionQuery?.removeEventListener?.('change', onMotion);
    };
  }, []);

  return (
    <canvas ref={canvasRef} className="starfield" aria-hidden="true" data-stars={STAR_COUNT} />
  );
}
