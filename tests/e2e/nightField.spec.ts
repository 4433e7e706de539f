/**
 * A night in the field (issue 28): red light on every screen at 390 px — every pixel of a
 * screenshot and the computed colour of every text element with green and blue at most a tenth
 * of the red — switched on in one tap, kept from the first frame, and the screen kept on by
 * Chromium's real Screen Wake Lock on the map.
 */
import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../support/e2e/routes.ts';

test.use({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });

const NIGHT = () => localStorage.setItem('aurora.night', 'red');

/** The pixels of a PNG whose green or blue is above a tenth of their red (decoded in a blank page). */
async function nonRedPixels(page: Page, png: Buffer) {
  const checker = await page.context().newPage();
  try {
    return await checker.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const d = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      let count = 0;
      let first: { x: number; y: number; rgb: number[] } | null = null;
      // One wrong pixel per 24-px tile, to name every element that has some.
      const tiles = new Map<string, { x: number; y: number }>();
      for (let i = 0; i < d.length; i += 4) {
        const r = d[i]!;
        if (d[i + 1]! > 0.1 * r || d[i + 2]! > 0.1 * r) {
          count++;
          const x = (i / 4) % canvas.width;
          const y = Math.floor(i / 4 / canvas.width);
          first ??= { x, y, rgb: [r, d[i + 1]!, d[i + 2]!] };
          const tile = `${Math.floor(x / 24)},${Math.floor(y / 24)}`;
          if (!tiles.has(tile)) tiles.set(tile, { x, y });
        }
      }
      return { count, first, pixels: d.length / 4, samples: [...tiles.values()].slice(0, 200) };
    }, png.toString('base64'));
  } finally {
    await checker.close();
  }
}

/** Every visible element holding text whose computed colour has green or blue above a tenth of its red. */
function nonRedText(page: Page) {
  return page.evaluate(() => {
    const channels = (css: string): number[] | null => {
      const srgb = /^color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)/.exec(css);
      if (srgb) return srgb.slice(1, 4).map((v) => Number(v) * 255);
      const rgb = /^rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)/.exec(css);
      return rgb ? rgb.slice(1, 4).map(Number) : null;
    };
    const bad: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const ownText = [...el.childNodes].some(
        (n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '',
      );
      if (!ownText || el.getClientRects().length === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      for (const prop of ['color', '-webkit-text-fill-color'] as const) {
        const c = channels(style.getPropertyValue(prop));
        if (!c) {
          bad.push(
            `${el.tagName} "${el.textContent!.trim().slice(0, 30)}": unreadable ${prop} ${style.getPropertyValue(prop)}`,
          );
          continue;
        }
        const [r, g, b] = c as [number, number, number];
        if (g > 0.1 * r + 0.5 || b > 0.1 * r + 0.5)
          bad.push(
            `${el.tagName}.${el.className} "${el.textContent!.trim().slice(0, 30)}": ${prop} ${style.getPropertyValue(prop)}`,
          );
      }
    }
    return bad;
  });
}

test.describe('night mode', () => {
  test('every route at 390 px is red on black: every pixel and every text colour', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.addInitScript(NIGHT);
    for (const route of ROUTES) {
      await test.step(route.path, async () => {
        await page.goto(route.path);
        await expect(page.locator('h1')).toHaveText(route.h1);
        await page.waitForLoadState('networkidle').catch(() => undefined);
        expect.soft(await nonRedText(page), `text on ${route.path}`).toEqual([]);
        const shot = await page.screenshot({ fullPage: true });
        const result = await nonRedPixels(page, shot);
        // Name what is drawn at the first wrong pixel, so a failure says where to look.
        const where = result.first
          ? await page.evaluate((samples) => {
              const names = new Set<string>();
              for (const { x, y } of samples) {
                window.scrollTo(0, Math.max(0, y - 100));
                const el = document.elementFromPoint(x, y - window.scrollY);
                names.add(el ? `${el.tagName}.${String(el.className)}` : 'nothing');
              }
              return [...names].join(', ');
            }, result.samples)
          : null;
        expect
          .soft(
            result.first,
            `pixels on ${route.path} (${result.count} of ${result.pixels}, at ${where})`,
          )
          .toBeNull();
      });
    }
  });

  test('a device that chose red light paints its first frame in it, before the app boots', async ({
    page,
  }) => {
    await page.addInitScript(NIGHT);
    // Hold the app's own code back: what is on screen is the prerendered shell alone.
    await page.route('**/assets/*.js', () => undefined);
    await page.goto('/forecast', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('h1')).toHaveText('Aurora Forecast');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('night');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#000000');
    const result = await nonRedPixels(page, await page.screenshot());
    expect(result.first).toBeNull();
  });

  test('switches on in one tap from the header at 390 px, and stays on after a reload', async ({
    page,
  }) => {
    await page.goto('/forecast');
    const toggle = page.getByRole('button', { name: 'Night mode (red light)' });
    await expect(toggle).toBeInViewport();
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'night');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'night');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await toggle.click();
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'night');
  });
});

test('the map keeps the screen on: requested, re-acquired after the page was hidden, released on leaving', async ({
  page,
}) => {
  // Chromium's real API, with each granted sentinel kept where the test can see it.
  await page.addInitScript(() => {
    const w = window as unknown as { __locks: WakeLockSentinel[] };
    w.__locks = [];
    const request = navigator.wakeLock.request.bind(navigator.wakeLock);
    navigator.wakeLock.request = async (type) => {
      const s = await request(type);
      w.__locks.push(s);
      return s;
    };
  });
  const locks = () =>
    page.evaluate(() =>
      (window as unknown as { __locks: WakeLockSentinel[] }).__locks.map((s) => s.released),
    );
  await page.goto('/');
  const status = page.getByTestId('keep-screen-on');
  await expect(status).toHaveAttribute('data-state', 'on');
  expect(await locks()).toEqual([false]);

  // Hidden: the browser lets every screen lock go; shown again: the page asks anew.
  await page.evaluate(async () => {
    const w = window as unknown as { __locks: WakeLockSentinel[] };
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    await Promise.all(w.__locks.map((s) => s.release()));
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(status).toHaveAttribute('data-state', 'paused');
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => 'visible',
    });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(status).toHaveAttribute('data-state', 'on');
  expect(await locks()).toEqual([true, false]);

  // Leaving the map (in the app, no reload) lets the lock go.
  await page
    .getByRole('navigation', { name: 'Main navigation (mobile)' })
    .getByRole('link', { name: 'Forecast' })
    .click();
  await expect(page.locator('h1')).toHaveText('Aurora Forecast');
  await expect.poll(locks).toEqual([true, true]);
});
