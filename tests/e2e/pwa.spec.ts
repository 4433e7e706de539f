import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { ROOT } from '../support/e2e/server.ts';
import { waitForServiceWorkerControl } from '../support/e2e/sw.ts';
import { kp1mBody } from '../support/testPushService.ts';
import { staticImportClosure } from '../support/staticImportClosure.ts';
import { constructed } from '../support/constructedSwpc.ts';

const DIST = join(ROOT, process.env.E2E_DIST_V1 ?? 'dist');

/** Width and height from a PNG's IHDR chunk. */
function pngSize(buf: Buffer): { width: number; height: number } {
  expect(buf.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

test.describe('installability', () => {
  test('the manifest names the app and its icons and screenshots are real PNGs of the stated sizes', async ({
    page,
    request,
  }) => {
    await page.goto('/about');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = (await (await request.get(href!)).json()) as {
      name: string;
      short_name: string;
      display: string;
      start_url: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; purpose?: string }[];
      screenshots: { src: string; sizes: string; form_factor: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Aurora — Aurora Tracker & Space Weather',
      short_name: 'Aurora',
      display: 'standalone',
      start_url: '/',
    });
    expect(manifest.theme_color).toMatch(/^#/);
    expect(manifest.background_color).toMatch(/^#/);
    expect(manifest.icons.map((i) => i.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    expect(manifest.screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const img of [...manifest.icons, ...manifest.screenshots]) {
      const res = await request.get(img.src);
      expect(res.headers()['content-type'], img.src).toBe('image/png');
      const { width, height } = pngSize(await res.body());
      expect(`${width}x${height}`, img.src).toBe(img.sizes);
    }
  });

  test('the precache holds the shell and every route chunk of the build', () => {
    const sw = readFileSync(join(DIST, 'sw.js'), 'utf8');
    const precached = new Set([...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]));
    expect(precached.has('index.html')).toBe(true);
    // Every route's prerendered shell too (scripts/vite/prerenderShell.tsx), for offline first paints.
    for (const file of ['forecast.html', 'live-feeds.html', 'shell.html'])
      expect(precached.has(file), file).toBe(true);
    // .br/.gz siblings are the gateway's transfer encodings of precached files, not assets of their own.
    const assets = readdirSync(join(DIST, 'assets'))
      .filter((f) => !/\.(br|gz)$/.test(f))
      .map((f) => `assets/${f}`);
    expect(assets.length).toBeGreaterThan(10);
    expect(assets.filter((a) => !precached.has(a))).toEqual([]);
  });
});

test.describe('registration', () => {
  test('registers the worker through workbox-window, whose code is fetched only after the first data and is no part of the first paint', async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    const isWorkboxWindow = (p: string) => /^\/assets\/workbox-window[^/]*\.js$/.test(p);
    const firstData = requested.findIndex((p) => p.startsWith('/functions/v1/space-weather/'));
    const workbox = requested.findIndex(isWorkboxWindow);
    expect(firstData).toBeGreaterThanOrEqual(0);
    expect(workbox).toBeGreaterThan(firstData);

    // Not among the scripts the page's HTML boots with, nor anything they import statically.
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    const boot = /data-entry="([^"]+)" data-preload="([^"]*)"/.exec(html);
    expect(boot).not.toBeNull();
    const firstPaint = staticImportClosure(DIST, [boot![1]!, ...boot![2]!.split(' ')]);
    expect(firstPaint.size).toBeGreaterThan(1);
    expect([...firstPaint].filter(isWorkboxWindow)).toEqual([]);
  });
});

/** The worker's registration id, for DevTools' ServiceWorker domain. */
async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      (e: { registrations: { registrationId: string; isDeleted: boolean }[] }) => {
        const live = e.registrations.find((r) => !r.isDeleted);
        if (live) resolve(live.registrationId);
      },
    );
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

async function notificationTitles(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.title),
  );
}

/** Writes the notification settings the way the Settings screen does (store notification-settings, key user-settings). */
async function saveSettings(
  page: Page,
  settings: { enablePush: boolean; kpThreshold: number; lastNotified: number | null },
) {
  await page.evaluate(
    (value) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('aurora-tracking-db', 10);
        open.onupgradeneeded = () => {
          for (const s of ['aurora-updates', 'notification-settings']) {
            if (!open.result.objectStoreNames.contains(s)) open.result.createObjectStore(s);
          }
        };
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('notification-settings', 'readwrite');
          tx.objectStore('notification-settings').put(value, 'user-settings');
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    settings,
  );
}

async function clearStore(page: Page, store: string): Promise<void> {
  await page.evaluate(
    (store) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('aurora-tracking-db');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(store, 'readwrite');
          tx.objectStore(store).clear();
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    store,
  );
}

async function readStore(page: Page, store: string, key: string): Promise<unknown> {
  return page.evaluate(
    ({ store, key }) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('aurora-tracking-db');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction(store, 'readonly').objectStore(store).get(key);
          req.onsuccess = () => {
            open.result.close();
            resolve(req.result);
          };
          req.onerror = () => reject(req.error);
        };
      }),
    { store, key },
  );
}

test.describe('background work of the installed app', () => {
  test.use({ permissions: ['notifications'] });

  // One visit for all three events: installing the worker (the whole precache) is the slow part.
  test('push shows its alert, background sync wakes the page, periodic sync alerts once per event', async ({
    page,
    context,
    baseURL,
  }) => {
    // The backend's Kp product: the constructed SWPC file with a fresh storm row, as if one were under way.
    const rows = JSON.parse(constructed('noaa-planetary-k-index.json')) as string[][];
    const now = new Date();
    const tag = `${now.toISOString().slice(0, 10)} ${String(Math.floor(now.getUTCHours() / 3) * 3).padStart(2, '0')}:00:00.000`;
    const body = JSON.stringify([...rows, [tag, '6.33', '80', '8']]);
    // The 1-minute estimate the alert engine reads: Kp 6.33 for the last hour.
    const kp1m = kp1mBody(Array<number>(61).fill(6.33));
    await context.route('**/functions/v1/space-weather/**', (route) => {
      const path = new URL(route.request().url()).pathname;
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: path.endsWith('/kp-index') ? body : path.endsWith('/kp-1m') ? kp1m : '[]',
      });
    });
    await page.goto('/about');
    await waitForServiceWorkerControl(page);
    const cdp = await context.newCDPSession(page);
    const id = await registrationId(cdp);
    const origin = new URL(baseURL!).origin;

    await test.step('a push shows its notification and is remembered', async () => {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId: id,
        data: JSON.stringify({ type: 'kp-alert', kp: 7, threshold: 5 }),
      });
      await expect
        .poll(() => notificationTitles(page), { timeout: 20_000 })
        .toContain('Aurora alert: Kp 7');
    });

    await test.step('periodic sync stores the latest Kp and alerts once when it crosses the threshold', async () => {
      // A device from before per-place alerts: push on, a threshold, nothing announced yet.
      await saveSettings(page, { enablePush: true, kpThreshold: 5, lastNotified: null });
      await clearStore(page, 'aurora-updates');
      await cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', {
        origin,
        registrationId: id,
        tag: 'aurora-periodic-refresh',
      });
      await expect
        .poll(() => notificationTitles(page), { timeout: 20_000 })
        .toContain('Aurora alert: Kp 6.33');
      await expect
        .poll(
          async () =>
            (
              (await readStore(page, 'aurora-updates', 'product:kp-index')) as
                { body?: string } | undefined
            )?.body,
        )
        .toBe(body);
      const count = (await notificationTitles(page)).length;
      const engine = () =>
        readStore(page, 'aurora-updates', 'alert-engine') as Promise<
          | { rules?: Record<string, { delivered?: Record<string, number> }>; checkedAt?: number }
          | undefined
        >;
      const before = await engine();
      const first = before?.rules?.['anywhere:kp']?.delivered;
      expect(Object.keys(first ?? {})).toHaveLength(1);

      // The same storm on the next wake-up: the same event, no second alert.
      await cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', {
        origin,
        registrationId: id,
        tag: 'aurora-periodic-refresh',
      });
      await expect
        .poll(async () => (await engine())?.rules?.['anywhere:kp']?.delivered)
        .toEqual(first);
      expect(await notificationTitles(page)).toHaveLength(count);
    });

    // Last: the sync event's own background refresh may still run after the page has had its
    // event, and it reads and writes the alert state the periodic-sync step resets.
    await test.step('background sync asks the open page to replay its request queue', async () => {
      await page.evaluate(() => {
        (window as unknown as { __syncs: number }).__syncs = 0;
        window.addEventListener('aurora:sync-aurora-data', () => {
          (window as unknown as { __syncs: number }).__syncs += 1;
        });
      });
      await cdp.send('ServiceWorker.dispatchSyncEvent', {
        origin,
        registrationId: id,
        tag: 'sync-aurora-data',
        lastChance: false,
      });
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __syncs: number }).__syncs))
        .toBe(1);
    });
  });
});
