/** How far outside the viewport a chart is built: about one scroll flick on a phone. */
const CHART_ROOT_MARGIN = '400px 0px';

/**
 * Runs `run` once `element` comes within `rootMargin` of the viewport (at once where
 * IntersectionObserver is missing); by default CHART_ROOT_MARGIN. A chart below the fold (the hemispheric power on /live-feeds,
 * the solar cycle on /forecast) is built and drawn when the person scrolls towards it, not in the
 * first seconds with the charts on screen; its values are in the text under it from the start.
 * Returns a function that stops watching.
 */
export function whenNearViewport(
  element: Element,
  run: () => void,
  rootMargin = CHART_ROOT_MARGIN,
): () => void {
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
    { rootMargin },
  );
  observer.observe(element);
  return () => observer.disconnect();
}
