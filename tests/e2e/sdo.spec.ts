import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { ROOT, startServer, type RunningServer } from '../support/e2e/server.ts';
import { waitForServiceWorkerControl } from '../support/e2e/sw.ts';

/**
 * /sdo with the pictures coming through our own sdo-image function: a loopback stand-in for NASA's
 * host serves a real (generated) JPEG for AIA 171 and drops every other channel. The page shows the
 * kept picture under the app's CSP, a plain "No image saved yet" for the others, and after one
 * visit the picture still shows offline (the service worker's runtime cache).
 */
const FRAME = readFileSync(`${ROOT}/tests/fixtures/sdo/sun-0171-a.jpg`);

let sdoHost: { server: Server; url: string; paths: string[] };
let app: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(req.url ?? '');
    if (req.url === '/assets/img/latest/latest_1024_0171.jpg')
      res
        .writeHead(200, {
          'content-type': 'image/jpeg',
          'last-modified': new Date(Date.now() - 20 * 60_000).toUTCString(),
        })
        .end(FRAME);
    else req.socket.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  sdoHost = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paths };
  app = await startServer({
    distDir: process.env.E2E_DIST_V1 ?? 'dist',
    env: { SDO_BASE_URL: sdoHost.url },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await new Promise<void>((r) => {
    sdoHost?.server.closeAllConnections();
    sdoHost?.server.close(() => r());
  });
});

test('solar pictures load from our own origin, say "No image saved yet" where none was kept, and stay offline', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const imageHosts = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'image') imageHosts.add(new URL(r.url()).origin);
  });

  const first = await page.goto(`${app.url}/sdo`);
  // NASA's host is not needed any more, so the policy no longer allows it.
  expect(first?.headers()['content-security-policy']).toMatch(/img-src 'self' data: blob:/);
  expect(first?.headers()['content-security-policy']).not.toContain('sdo.gsfc.nasa.gov');
  await expect(page.locator('h1')).toHaveText('Solar Data');
  await waitForServiceWorkerControl(page);

  const picture = page.getByRole('img', { name: 'The Sun in AIA 171 Å' });
  await expect(picture).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(16);
  expect(await picture.getAttribute('src')).toBe(`${app.url}/functions/v1/sdo-image/0171`);
  await expect(page.getByRole('img', { name: 'No HMI magnetogram image saved yet' })).toHaveText(
    'No image saved yet',
  );
  expect([...imageHosts].filter((o) => o !== app.url)).toEqual([]);
  expect(violations).toEqual([]);
  expect(sdoHost.paths.filter((p) => p.endsWith('_0171.jpg')).length).toBe(1);
  await page.screenshot({ path: 'test-results/sdo-online.png', fullPage: true });

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('h1')).toHaveText('Solar Data');
  const offlinePicture = page.getByRole('img', { name: 'The Sun in AIA 171 Å' });
  await expect
    .poll(
      () => offlinePicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      { timeout: 20_000 },
    )
    .toBe(16);
  await page.screenshot({ path: 'test-results/sdo-offline.png', fullPage: true });
  await context.setOffline(false);
});
