import { expect, test } from '@playwright/test';

/**
 * On a first visit of /, what the first oval does not need comes after it (src/app/afterFirstOval.ts):
 * the request queue's check is asked for only once the map has drawn the oval, and with nothing
 * queued the replay's code and the backend client are not asked for at all (sync/queue/whenQueued.ts;
 * tests/unit/sync/queue/whenQueued.test.ts loads them once a request is queued). Read from the
 * page's own timeline: the `map:oval-drawn` mark against the moment each chunk was requested.
 */
test('a first visit of / checks the request queue only after the oval is drawn, and with nothing queued loads no replay code', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await expect(page.locator('.aurora-map__ol')).toHaveAttribute('data-rendered-frame', /^\d+$/, {
    timeout: 45_000,
  });
  const order = await page.waitForFunction(
    () => {
      const oval = performance.getEntriesByName('map:oval-drawn', 'mark')[0];
      const requested = (name: string) =>
        performance
          .getEntriesByType('resource')
          .find((e) => new RegExp(`/assets/${name}-[^/]+\\.js$`).test(new URL(e.name).pathname));
      const check = requested('whenQueued');
      const database = requested('database');
      return oval && check && database ? { oval: oval.startTime, check: check.startTime } : null;
    },
    undefined,
    { timeout: 30_000 },
  );
  const { oval, check } = (await order.jsonValue()) as { oval: number; check: number };
  expect(check).toBeGreaterThanOrEqual(oval);
  // The check has its chunk and the page's RxDB: with something queued the replay would follow.
  const loaded = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
  );
  expect(loaded.filter((p) => /\/assets\/(queue|supabaseClient)-[^/]+\.js$/.test(p))).toEqual([]);
});
