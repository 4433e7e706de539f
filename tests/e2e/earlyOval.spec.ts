import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { authenticate, uniqueEmail } from '../support/e2e/account.ts';
import { waitForServiceWorkerControl } from '../support/e2e/sw.ts';
import { ROOT } from '../support/e2e/server.ts';

/**
 * The first oval comes before RxDB: on a first visit from the grid the poller worker fetches and
 * hands over before it loads RxDB (workers/poller/firstGrid.ts); on an offline reload from the
 * one-record store (sync/grids/newestGridRecord.ts) that the poller writes beside RxDB. The page's
 * RxDB loads and opens after that oval (src/features/map/earlyMap.ts, sync/pageDatabase.ts).
 */

const DIST = join(ROOT, process.env.E2E_DIST_V1 ?? 'dist');
/** The built scripts holding RxDB (its chunks carry its name), as URL paths. */
const RXDB_CHUNKS = new Set(
  readdirSync(join(DIST, 'assets'))
    .filter((f) => f.endsWith('.js') && /rxdb/i.test(readFileSync(join(DIST, 'assets', f), 'utf8')))
    .map((f) => `/assets/${f}`),
);

const map = (page: Page) => page.locator('.aurora-map__ol');

async function waitForOval(page: Page): Promise<string> {
  await expect(map(page)).toHaveAttribute('data-rendered-frame', /^\d+$/, { timeout: 45_000 });
  return (await map(page).getAttribute('data-rendered-frame'))!;
}

/** A first visit, online, until the oval is drawn, the service worker controls the page and the record is kept. */
async function firstVisit(page: Page): Promise<string> {
  await page.goto('/');
  const frame = await waitForOval(page);
  await waitForServiceWorkerControl(page);
  // Read with IndexedDB's own API: the test does not go through the code it tests.
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('aurora-newest-grid');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('newest')) {
            db.close();
            resolve(false);
            return;
          }
          const get = db.transaction('newest').objectStore('newest').get('grid');
          get.onsuccess = () => {
            db.close();
            resolve(get.result !== undefined);
          };
          get.onerror = () => {
            db.close();
            resolve(false);
          };
        };
      }),
    undefined,
    { timeout: 30_000 },
  );
  return frame;
}

/**
 * Removes every cached script of RxDB's (its chunks carry its name) from the service worker's
 * caches and refuses them on the network too: nothing can load RxDB any more.
 */
async function removeRxdb(page: Page, context: BrowserContext): Promise<string[]> {
  const removed = await page.evaluate(async () => {
    const gone: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (!/\.js(\?|$)/.test(request.url)) continue;
        const body = await (await cache.match(request))?.text();
        if (body && /rxdb/i.test(body)) {
          await cache.delete(request);
          gone.push(new URL(request.url).pathname);
        }
      }
    }
    return gone;
  });
  const blocked = new Set(removed);
  await context.route(
    (url) => blocked.has(url.pathname),
    (route) => route.abort(),
  );
  return removed;
}

test('an offline reload draws the last oval, with its age, from the kept record while RxDB’s code cannot be loaded at all', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const frame = await firstVisit(page);
  const removed = await removeRxdb(page, context);
  expect(removed.some((p) => /\/assets\/database-[^/]+\.js$/.test(p))).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('h1')).toHaveText('Aurora Map');
  expect(await waitForOval(page)).toBe(frame);
  await expect(page.locator('.map-status')).toContainText(/Observed .+ \(.+ ago\)/);
  // The oval did not come from RxDB: the database never answered.
  expect(
    await page.evaluate(() => performance.getEntriesByName('map:grid-read', 'mark').length),
  ).toBe(0);
  await context.setOffline(false);
});

/**
 * An offline reload after a first visit: the kept oval is drawn first, only then is RxDB's code
 * fetched and the database opened, and RxDB's answer is the same frame.
 */
async function reloadOfflineOvalFirst(page: Page, context: BrowserContext): Promise<void> {
  const frame = await firstVisit(page);
  await context.setOffline(true);
  await page.reload();
  expect(await waitForOval(page)).toBe(frame);
  const order = await page.waitForFunction(
    () => {
      const mark = (name: string) => performance.getEntriesByName(name, 'mark')[0]?.startTime;
      const database = performance
        .getEntriesByType('resource')
        .find((e) => /\/assets\/database-[^/]+\.js$/.test(new URL(e.name).pathname));
      const read = mark('map:grid-read');
      return read !== undefined && database
        ? {
            early: mark('map:early-grid'),
            oval: mark('map:oval-drawn'),
            database: database.startTime,
            open: mark('map:db-open'),
          }
        : null;
    },
    undefined,
    { timeout: 30_000 },
  );
  const marks = (await order.jsonValue()) as {
    early?: number;
    oval?: number;
    database: number;
    open?: number;
  };
  expect(marks.early).toBeDefined();
  expect(marks.oval).toBeGreaterThanOrEqual(marks.early!);
  expect(marks.database).toBeGreaterThanOrEqual(marks.oval!);
  expect(marks.open).toBeGreaterThanOrEqual(marks.database);
  // RxDB's answer was the same frame: the map kept what it drew.
  await expect(map(page)).toHaveAttribute('data-rendered-frame', frame);
  await context.setOffline(false);
}

test('an offline reload draws the kept oval first and only then loads RxDB’s code and opens the database, which then takes over', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await reloadOfflineOvalFirst(page, context);
});

test('for a signed-in user too: their preference sync waits for the page’s database, which waits for the kept oval', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await authenticate(page, uniqueEmail('early-oval'), 'signup');
  await reloadOfflineOvalFirst(page, context);
});

test('a first visit draws the oval while every RxDB chunk is refused: neither the page nor the poller worker needs RxDB before it', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  expect([...RXDB_CHUNKS].some((p) => /\/assets\/database-[^/]+\.js$/.test(p))).toBe(true);
  const refused: string[] = [];
  await context.route(
    (url) => RXDB_CHUNKS.has(url.pathname),
    (route) => {
      refused.push(new URL(route.request().url()).pathname);
      return route.abort();
    },
  );
  await page.goto('/');
  await waitForOval(page);
  await expect(page.locator('.map-status')).toContainText(/Observed .+ \(.+ ago\)/);
  // RxDB was asked for (after the oval) and refused: the oval did not come from it.
  await expect.poll(() => refused.length, { timeout: 30_000 }).toBeGreaterThan(0);
  expect(
    await page.evaluate(() => performance.getEntriesByName('map:grid-read', 'mark').length),
  ).toBe(0);
});

test('a first visit asks for RxDB’s chunks only once the oval is drawn, and then opens the database', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  // The page says when it marks the oval drawn, synchronously from performance.mark (the shell and
  // the worker wait for that mark before loading RxDB, so the binding is called before either asks).
  let drawn = false;
  await page.exposeBinding('ovalDrawnForTest', () => {
    drawn = true;
  });
  await page.addInitScript(() => {
    const mark = performance.mark.bind(performance);
    performance.mark = (name: string, options?: PerformanceMarkOptions) => {
      const entry = mark(name, options);
      if (name === 'map:oval-drawn')
        (window as unknown as { ovalDrawnForTest: () => void }).ovalDrawnForTest();
      return entry;
    };
  });
  const drawnWhenAsked: { path: string; drawn: boolean }[] = [];
  await context.route(
    (url) => RXDB_CHUNKS.has(url.pathname),
    (route) => {
      drawnWhenAsked.push({ path: new URL(route.request().url()).pathname, drawn });
      return route.continue();
    },
  );
  await page.goto('/');
  await waitForOval(page);
  await page.waitForFunction(
    () => performance.getEntriesByName('map:db-open', 'mark').length > 0,
    undefined,
    { timeout: 30_000 },
  );
  expect(drawnWhenAsked.length).toBeGreaterThan(0);
  expect(drawnWhenAsked.filter((r) => !r.drawn)).toEqual([]);
});
