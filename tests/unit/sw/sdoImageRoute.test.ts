import { describe, expect, it } from 'vitest';
import { isSdoImageRequest, SDO_IMAGE_CACHEABLE_STATUSES } from '../../../src/sw/sdoImageRoute.ts';

const req = (destination: string, method = 'GET') =>
  ({ destination, method }) as Pick<Request, 'destination' | 'method'>;

describe('the service worker route for solar pictures', () => {
  it('keeps the backend sdo-image pictures, on the app origin or a configured backend origin', () => {
    expect(
      isSdoImageRequest({
        request: req('image'),
        url: new URL('http://localhost:8787/functions/v1/sdo-image/0171'),
      }),
    ).toBe(true);
    expect(
      isSdoImageRequest({
        request: req('image'),
        url: new URL('https://project.supabase.invalid/functions/v1/sdo-image/HMIB'),
      }),
    ).toBe(true);
  });

  it('leaves alone NASA URLs, the function listing, other functions and non-GET requests', () => {
    expect(
      isSdoImageRequest({
        request: req('image'),
        url: new URL('https://sdo.gsfc.nasa.gov/assets/img/latest/latest_1024_0171.jpg'),
      }),
    ).toBe(false);
    expect(
      isSdoImageRequest({
        request: req(''),
        url: new URL('http://localhost:8787/functions/v1/sdo-image/stats/x'),
      }),
    ).toBe(false);
    expect(
      isSdoImageRequest({
        request: req(''),
        url: new URL('http://localhost:8787/functions/v1/space-weather/kp-index'),
      }),
    ).toBe(false);
    expect(
      isSdoImageRequest({
        request: req('image', 'HEAD'),
        url: new URL('http://localhost:8787/functions/v1/sdo-image/0171'),
      }),
    ).toBe(false);
  });

  it('caches only real pictures, never a 503 or an opaque answer', () => {
    expect(SDO_IMAGE_CACHEABLE_STATUSES).toEqual([200]);
  });
});
