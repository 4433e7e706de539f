import { expect, test } from '@playwright/test';

/**
 * On a first visit of /, what the first oval does not need comes after it (src/app/afterFirstOval.ts):
 * the request queue's code is asked for only once the map has drawn the oval, and it still
 * arrives. Read from the page's own timeline: the `map:oval-drawn` mark against the moment the
 * queue's chunk was requested.
 */
test('a first visit of / asks for the request queue’s code only after the oval is drawn, and still gets it', async ({
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
      const queue = performance
        .getEntriesByType('resource')
        .find((e) => /\/assets\/queue-[^/]+\.js$/.test(new URL(e.name).pathname));
      return oval && queue ? { oval: oval.startTime, queue: queue.startTime } : null;
    },
    undefined,
    { timeout: 30_000 },
  );
  const { oval, queue } = (await order.jsonValue()) as { oval: number; queue: number };
  expect(queue).toBeGreaterThanOrEqual(oval);
});
