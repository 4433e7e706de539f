/** The map page's h1 (the prerendered HTML, the loading frame and the page give the same). */
export const MAP_TITLE = 'Aurora Map';
/** The map frame's line until the map's code is in. */
export const MAP_FRAME_LOADING = 'Loading map data...';
/**
 * The line under the h1 while no place is known (a first visit): what tonight's verdict needs, and
 * where the panels that give it are — beside the map on a wide screen, below it on a narrow one
 * (mapFrame.css shows the one that holds, at the same width as the page's columns).
 */
export function TonightNeedsPlace() {
  return (
    <>
      Tonight: share your location or save a place (
      <span className="map-page__where map-page__where--beside">beside the map</span>
      <span className="map-page__where map-page__where--below">below the map</span>) to see when
      aurora may show there.
    </>
  );
}

/**
 * The map page's header and empty map frame: the build prerenders it into `/`'s HTML
 * (scripts/vite/prerenderShell.tsx) and the route shows it while the page's chunk loads
 * (MapRoute), so the first paint already has the page's layout and its largest text — the line
 * under the h1, which MapPage renders the same while no place is known — and React's takeover
 * moves nothing. Its styles (mapFrame.css) are imported by the routes, so they are in the entry
 * stylesheet, which the build inlines (not here: the build's prerender plugin imports this file).
 */
export function MapPageFrame() {
  return (
    <div className="map-page map-page--dark">
      <header className="map-page__header">
        <h1 className="map-page__title">{MAP_TITLE}</h1>
        <p className="map-page__tonight-wait">
          <TonightNeedsPlace />
        </p>
      </header>
      <div className="map-page__body">
        <div className="map-page__main">
          <div className="map-page__map">
            <p className="map-page__loading" role="status" aria-live="polite">
              {MAP_FRAME_LOADING}
            </p>
          </div>
        </div>
      </div>
    </div>
  );
}
