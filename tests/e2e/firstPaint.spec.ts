import { expect, test } from '@playwright/test';

/**
 * Issue 12: the shell is painted from the HTML's first bytes, before (and without) JavaScript,
 * and React takes it over without a second header; what travels is compressed.
 */

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false, serviceWorkers: 'block' });

  for (const [path, title] of [
    ['/', 'Aurora Map'],
    ['/forecast', 'Aurora Forecast'],
    ['/live-feeds', 'Live Aurora Feeds'],
  ] as const) {
    test(`paints the header, the navigation and the h1 of ${path}`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.locator('header.app-header')).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Main navigation (mobile)' }),
      ).toBeVisible();
      await expect(
        page
          .getByRole('navigation', { name: 'Main navigation (mobile)' })
          .getByRole('link', { name: 'Aurora Forecast' }),
      ).toHaveAttribute('href', '/forecast');
      // Styled from the inlined stylesheet: the bar sits at the bottom of a phone's screen.
      const bar = await page.locator('nav.bottom-nav').boundingBox();
      expect(bar && bar.y + bar.height).toBeGreaterThan(800);
    });
  }
});

test.describe('with JavaScript', () => {
  test.use({ serviceWorkers: 'block' });

  test('React takes the prerendered shell over without duplicating the header', async ({
    page,
  }) => {
    await page.goto('/forecast');
    // The prerendered markup carries data-prerendered; React's own shell does not.
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Aurora Forecast' })).toBeVisible();
    await expect(page.locator('header.app-header')).toHaveCount(1);
    await expect(page.locator('#root h1')).toHaveCount(1);
    await expect(page.locator('nav.bottom-nav')).toHaveCount(1);
    await expect(page.locator('footer.footer')).toHaveCount(1);
  });

  test('the HTML, scripts and styles of a first visit arrive brotli-compressed', async ({
    page,
  }) => {
    const seen: Promise<[string, { encoding: string | undefined; length: number }]>[] = [];
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (/\.(js|css)$/.test(url.pathname) || r.request().resourceType() === 'document') {
        seen.push(
          r
            .allHeaders()
            .then((h) => [
              url.pathname,
              { encoding: h['content-encoding'], length: Number(h['content-length']) },
            ]),
        );
      }
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Aurora Map' })).toBeVisible();
    await page.waitForLoadState('load');
    // The headers are read asynchronously: wait for every one seen so far.
    const encodings = new Map(await Promise.all(seen));
    expect(encodings.get('/')?.encoding).toBe('br');
    const files = [...encodings].filter(([p]) => p !== '/');
    expect(
      files.filter(([p, f]) => p.endsWith('.js') && f.encoding === 'br').length,
    ).toBeGreaterThan(0);
    // Files under 1 KB are sent as they are (compressing them saves less than a header); every other one is compressed.
    expect(
      files.filter(([, f]) => f.encoding !== 'br' && !(f.length < 1024)).map(([p]) => p),
    ).toEqual([]);
  });
});
