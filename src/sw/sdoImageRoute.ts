/**
 * The solar pictures the service worker keeps for offline: the backend's `sdo-image` route
 * (`/functions/v1/sdo-image/{channel}`, on the app's origin or the configured backend's). Runtime
 * cache only — never the precache: they change every few minutes and are not part of a build.
 * Only real pictures (200) are kept: a 503 "No image saved yet" must not stand in for one later.
 */
export const SDO_IMAGE_CACHE = 'solar-imagery';
export const SDO_IMAGE_CACHEABLE_STATUSES = [200];

export function isSdoImageRequest({
  request,
  url,
}: {
  request: Pick<Request, 'destination' | 'method'>;
  url: URL;
}): boolean {
  return (
    request.method === 'GET' &&
    (request.destination === 'image' || request.destination === '') &&
    /^\/functions\/v1\/sdo-image\/[A-Za-z0-9]+$/.test(url.pathname)
  );
}
