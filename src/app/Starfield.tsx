import { useEffect, useRef } from 'react';
import { createStars, STAR_COUNT, starAlpha } from './stars.ts';

const FRAME_STRIDE = 4;

/**
 * The twinkling sky behind every screen. The loop stops while the document is hidden (no work
 * in background tabs) and never starts under prefers-reduced-motion: the sky is drawn once.
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

    const draw = (seconds: number) => {
      const { width, height } = canvas;
      ctx.clearRect(0, 0, width, height);
      const scale = window.devicePixelRatio || 1;
      for (const star of stars) {
        ctx.globalAlpha = starAlpha(star, seconds, reduced);
        ctx.beginPath();
        ctx.arc(star.x * width, star.y * height, star.radius * scale, 0, Math.PI * 2);
        ctx.fillStyle = '#e8efff';
        ctx.fill();
      }
      ctx.globalAlpha = 1;
    };
    const resize = () => {
      const scale = window.devicePixelRatio || 1;
      canvas.width = Math.round(window.innerWidth * scale);
      canvas.height = Math.round(window.innerHeight * scale);
      draw(performance.now() / 1000);
    };
    // Every 4th display frame (15 fps at 60 Hz): a twinkle lasts seconds, and redrawing the whole
    // window on every display frame took ~10 % of the main thread that the screens' own work (the
    // map's first oval, its slider steps) competes for.
    let tick = 0;
    const loop = (ms: number) => {
      if (tick++ % FRAME_STRIDE === 0) draw(ms / 1000);
      frame = requestAnimationFrame(loop);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      frame = 0;
    };
    const startIfAllowed = () => {
      if (!reduced && !document.hidden && frame === 0) frame = requestAnimationFrame(loop);
    };
    const onVisibility = () => (document.hidden ? stop() : startIfAllowed());
    const onMotion = () => {
      reduced = motionQuery?.matches ?? false;
      if (reduced) {
        stop();
        draw(0);
      } else startIfAllowed();
    };

    resize();
    startIfAllowed();
    window.addEventListener('resize', resize);
    document.addEventListener('visibilitychange', onVisibility);
    motionQuery?.addEventListener?.('change', onMotion);
    return () => {
      stop();
      window.removeEventListener('resize', resize);
      document.removeEventListener('visibilitychange', onVisibility);
      motionQuery?.removeEventListener?.('change', onMotion);
    };
  }, []);

  return <canvas ref={canvasRef} className="starfield" aria-hidden="true" data-stars={STAR_COUNT} />;
}
