/** How far outside the viewport a chart is built: about one scroll flick on a phone. */
const NEAR_MARGIN_PX = 400;

/**
 * Runs `run` once `element` comes within NEAR_MARGIN_PX of the viewport (at once where
 * IntersectionObserver is missing). A chart below the fold (the hemispheric power on /live-feeds,
 * the solar cycle on /forecast) is built and drawn when the person scrolls towards it, not in the
 * first seconds with the charts on screen; its values are in the text under it from the start.
 * Returns a function that stops watching.
 */
export function whenNearViewport(element: Element, run: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    run();
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      run();
    },
    { rootMargin: `${NEAR_MARGIN_PX}px 0px` },
  );
  observer.observe(element);
  return () => observer.disconnect();
}
