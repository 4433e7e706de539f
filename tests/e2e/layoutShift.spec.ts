import { expect, test, type Page } from '@playwright/test';

/**
 * The data screens do not jump while their data arrives: the sections keep the size they will
 * have once the charts, captions and tables are filled. Measured as the browser's layout-shift
 * score (the sum of the 'layout-shift' entries not caused by input) from the first byte until
 * every chart shows its data, on a phone and on a desktop.
 */

interface Shift {
  value: number;
  sources: string[];
}

/** Buffers every layout shift of the page from its first byte, with the nodes that moved. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    const describe = (node: Node | null | undefined): string => {
      if (!(node instanceof Element)) return node?.nodeName ?? '?';
      const cls = typeof node.className === 'string' ? node.className.trim().split(/\s+/)[0] : '';
      const chart = node.closest('[data-chart]')?.getAttribute('data-chart');
      const section = node.closest('section')?.getAttribute('aria-labelledby');
      return `${node.tagName.toLowerCase()}${cls ? '.' + cls : ''}${chart ? ` in "${chart}"` : ''}${section ? ` in #${section}` : ''}`;
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      }[]) {
        if (e.hadRecentInput) continue;
        shifts.push({ value: e.value, sources: (e.sources ?? []).map((s) => describe(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function shiftsSoFar(page: Page): Promise<Shift[]> {
  return page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
}

const chart = (page: Page, title: string) => page.locator(`figure[data-chart="${title}"]`);

/** Waits until the screen's charts show data, then until two quiet frames have passed. */
async function settle(page: Page, captions: [title: string, text: RegExp][]): Promise<void> {
  for (const [title, text] of captions)
    await expect(chart(page, title).locator('.time-chart__caption')).toHaveText(text, {
      timeout: 30_000,
    });
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
}

const SCREENS: { path: string; captions: [string, RegExp][] }[] = [
  {
    path: '/live-feeds',
    captions: [
      ['Magnetic field', /Bz -?\d/],
      ['Solar wind plasma', /Speed \d/],
      ['Hemispheric power', /North \d+ GW/],
    ],
  },
  {
    path: '/forecast',
    captions: [
      ['Kp index', /Kp[^:]*: .*\d\.\d/],
      ['Sunspot number', /Monthly \d/],
    ],
  },
];

const WIDTHS = [
  { name: 'a phone', viewport: { width: 390, height: 844 } },
  { name: 'a desktop', viewport: { width: 1280, height: 800 } },
];

for (const { name, viewport } of WIDTHS) {
  for (const { path, captions } of SCREENS) {
    test(`${path} on ${name}: the page does not jump while its charts and tables fill`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await recordShifts(page);
      await page.goto(path);
      await settle(page, captions);
      const shifts = await shiftsSoFar(page);
      const score = shifts.reduce((sum, s) => sum + s.value, 0);
      // The sources say what moved when this fails.
      expect(
        score,
        JSON.stringify(
          shifts.map((s) => ({ value: s.value.toFixed(3), sources: s.sources })),
          null,
          1,
        ),
      ).toBeLessThan(0.1);
    });
  }
}
