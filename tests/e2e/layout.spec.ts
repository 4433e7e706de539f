import { expect, test, type Page } from '@playwright/test';
import { DEBUG_ROUTES, ROUTES, type RouteCase } from '../support/e2e/routes.ts';

/**
 * Every screen, at a phone, a tablet, a laptop and a large desktop: nothing in `main` runs under
 * the footer, no two pieces of text sit on top of each other, nothing pushes the page sideways,
 * and a table too wide for its place scrolls inside its own box instead of being cut off.
 */

// The layout is what is tested; the service worker (offline.spec.ts) stays out of it.
test.use({ serviceWorkers: 'block' });

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];

/** Redirects show another route's screen, already visited under its own path. */
const SCREENS: RouteCase[] = ROUTES.filter((r) => !r.finalPath);

const PASSWORD = 'Borealis-Kp7-Night';

interface Problem {
  kind: string;
  detail: string;
}

/**
 * Runs in the page. Boxes are the parts of elements a person can see: clipped by every ancestor
 * that hides or scrolls its overflow. Returns one line per problem.
 */
function measureLayout(): Problem[] {
  type Box = { left: number; top: number; right: number; bottom: number };
  const problems: Problem[] = [];
  const main = document.querySelector('main');
  const footer = document.querySelector('footer.footer');
  if (!main || !footer) return [{ kind: 'shell', detail: 'no main or footer' }];
  const vw = document.documentElement.clientWidth;

  const describe = (el: Element): string => {
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    const cls =
      typeof el.className === 'string' && el.className
        ? `.${el.className.trim().split(/\s+/).join('.')}`
        : '';
    return `${el.tagName.toLowerCase()}${cls}${text ? ` "${text}"` : ''}`;
  };
  const intersect = (a: Box, b: Box): Box | null => {
    const r = {
      left: Math.max(a.left, b.left),
      top: Math.max(a.top, b.top),
      right: Math.min(a.right, b.right),
      bottom: Math.min(a.bottom, b.bottom),
    };
    return r.right > r.left && r.bottom > r.top ? r : null;
  };
  const toBox = (r: DOMRect): Box => ({
    left: r.left,
    top: r.top,
    right: r.right,
    bottom: r.bottom,
  });

  // The visible part of an element's box: what its overflow-clipping ancestors let through.
  const clipCache = new Map<Element, Box | null>();
  const clipOf = (el: Element | null): Box | null => {
    const everything: Box = { left: -1e9, top: -1e9, right: 1e9, bottom: 1e9 };
    if (!el || el === document.documentElement || el === document.body) return everything;
    const cached = clipCache.get(el);
    if (cached !== undefined) return cached;
    const parentClip = clipOf(el.parentElement);
    const style = getComputedStyle(el);
    let clip = parentClip;
    if (parentClip && (style.overflowX !== 'visible' || style.overflowY !== 'visible')) {
      clip = intersect(parentClip, toBox(el.getBoundingClientRect()));
    }
    clipCache.set(el, clip);
    return clip;
  };
  const fixedCache = new Map<Element, boolean>();
  const inFixed = (el: Element | null): boolean => {
    if (!el || el === main) return false;
    const cached = fixedCache.get(el);
    if (cached !== undefined) return cached;
    const fixed = getComputedStyle(el).position === 'fixed' || inFixed(el.parentElement);
    fixedCache.set(el, fixed);
    return fixed;
  };
  const shown = (el: Element): boolean => {
    const s = getComputedStyle(el);
    return (
      s.visibility === 'visible' &&
      Number(s.opacity) > 0 &&
      el.checkVisibility({ opacityProperty: true })
    );
  };

  if (document.documentElement.scrollWidth > vw) {
    problems.push({
      kind: 'page scrolls sideways',
      detail: `scrollWidth ${document.documentElement.scrollWidth} > ${vw}`,
    });
  }

  // 1. Nothing of main under the footer.
  const footerBox = toBox(footer.getBoundingClientRect());
  const underFooter = new Set<Element>();
  for (const el of main.querySelectorAll('*')) {
    if (inFixed(el) || !shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const clip = clipOf(el.parentElement);
    const seen = clip && intersect(toBox(r), clip);
    const hit = seen && intersect(seen, footerBox);
    if (hit && hit.bottom - hit.top > 1 && hit.right - hit.left > 1) {
      underFooter.add(el);
      // The outermost element is enough to name: its children are under the footer with it.
      if (!el.parentElement || !underFooter.has(el.parentElement))
        problems.push({ kind: 'under the footer', detail: describe(el) });
    }
  }

  // 2. Text: every line box of every text node in main, as seen.
  type Line = { box: Box; owner: Element; node: Text };
  const lines: Line[] = [];
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const node = n as Text;
    const owner = node.parentElement;
    if (!owner || !node.data.trim() || inFixed(owner) || !shown(owner)) continue;
    const clip = clipOf(owner);
    if (!clip) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      if (rect.width < 2 || rect.height < 2) continue;
      const seen = intersect(toBox(rect), clip);
      if (!seen) continue;
      lines.push({ box: seen, owner, node });
      if (seen.left < -1 || seen.right > vw + 1) {
        problems.push({ kind: 'text outside the screen', detail: describe(owner) });
      }
    }
  }
  // Font boxes are taller than tight line heights: a few pixels of overlap between neighbouring
  // lines is type, not layout.
  const SLACK = 3;
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const a = lines[i]!;
      const b = lines[j]!;
      if (a.node === b.node) continue;
      const hit = intersect(a.box, b.box);
      if (hit && hit.right - hit.left > SLACK && hit.bottom - hit.top > SLACK) {
        problems.push({
          kind: 'text on text',
          detail: `${describe(a.owner)} ⨯ ${describe(b.owner)}`,
        });
      }
    }
  }

  // 3. Tables: fit, or scroll inside a wrapper that itself fits the screen.
  for (const table of main.querySelectorAll('table')) {
    if (!shown(table)) continue;
    const tr = table.getBoundingClientRect();
    let wrapper: Element | null = null;
    for (let el = table.parentElement; el && el !== main; el = el.parentElement) {
      if (getComputedStyle(el).overflowX !== 'visible') {
        wrapper = el;
        break;
      }
    }
    if (!wrapper) {
      if (tr.left < -1 || tr.right > vw + 1)
        problems.push({ kind: 'table off the screen', detail: describe(table) });
      continue;
    }
    const ws = getComputedStyle(wrapper);
    const wr = wrapper.getBoundingClientRect();
    const scrolls = ws.overflowX === 'auto' || ws.overflowX === 'scroll';
    if (wrapper.scrollWidth > wrapper.clientWidth + 1) {
      // Cut-off columns are reachable only by scrolling the wrapper: with a pointer if it scrolls,
      // with the keyboard only if it (or something in it) can take focus.
      if (!scrolls) problems.push({ kind: 'table cut off', detail: describe(table) });
      else if (
        !(wrapper as HTMLElement).matches('[tabindex]') &&
        !wrapper.querySelector('a[href], button, input, select, textarea, [tabindex]')
      ) {
        problems.push({
          kind: 'table scrolls out of keyboard reach',
          detail: `${describe(table)} (${wrapper.scrollWidth} in ${wrapper.clientWidth})`,
        });
      }
    }
    if (wr.left < -1 || wr.right > vw + 1)
      problems.push({ kind: 'table wrapper off the screen', detail: describe(wrapper) });
  }

  // One line per distinct problem.
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.kind}|${p.detail}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Runs in the page. The header's pieces (logo, Go Offline, install, sign-in or user menu) each fit
 * on the screen without covering one another, and Go Offline shows its word, not only its dot.
 */
function measureHeader(): Problem[] {
  const problems: Problem[] = [];
  const vw = document.documentElement.clientWidth;
  const header = document.querySelector('header.app-header');
  if (!header) return [{ kind: 'header', detail: 'missing' }];
  const pieces = [
    header.querySelector('.app-header__logo'),
    ...(header.querySelector('.app-header__actions')?.children ?? []),
  ].filter((el): el is Element => el !== null && el.getBoundingClientRect().width > 0);
  const boxes = pieces.map((el) => ({ el, r: el.getBoundingClientRect() }));
  for (const { el, r } of boxes) {
    if (r.left < -1 || r.right > vw + 1)
      problems.push({ kind: 'header piece off the screen', detail: el.className });
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!.r;
      const b = boxes[j]!.r;
      if (
        Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
        Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1
      ) {
        problems.push({
          kind: 'header pieces overlap',
          detail: `${boxes[i]!.el.className} ⨯ ${boxes[j]!.el.className}`,
        });
      }
    }
  }
  const word = header.querySelector('.network-toggle__text');
  const toggle = header.querySelector('.network-toggle');
  const wordBox = word?.getBoundingClientRect();
  const toggleBox = toggle?.getBoundingClientRect();
  // A visually hidden label is 1 px wide or clipped: the word must be drawn inside its button.
  const drawn =
    word &&
    wordBox &&
    toggleBox &&
    wordBox.width >= 20 &&
    getComputedStyle(word).clip === 'auto' &&
    wordBox.left >= toggleBox.left &&
    wordBox.right <= toggleBox.right;
  if (!drawn)
    problems.push({
      kind: 'Go Offline has no visible label',
      detail: word?.textContent ?? 'no label',
    });
  return problems;
}

/** Moves to `path` inside the running app, as its links do (a full load per screen is slow). */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    if (location.pathname === to) return;
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((u) => u.pathname === path);
}

/** Waits until the screen stops growing: panels fill in as the local database answers. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  let last = '';
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => {
          const main = document.querySelector('main');
          return `${document.documentElement.scrollHeight}:${main?.getBoundingClientRect().height}:${main?.querySelectorAll('*').length}`;
        });
        const stable = now === last;
        last = now;
        return stable;
      },
      { intervals: [300], timeout: 15_000 },
    )
    .toBe(true);
}

async function screenProblems(page: Page, h1: string): Promise<string[]> {
  await expect(page.locator('h1')).toHaveText(h1);
  // The footer joins after the first paint (src/ui/useAfterFirstPaint.ts).
  await expect(page.locator('footer.footer')).toHaveCount(1);
  await settle(page);
  const problems = await page.evaluate(measureLayout);
  return problems.map((p) => `${p.kind}: ${p.detail}`);
}

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width}×${viewport.height} no screen puts content under the footer, text on text, or anything off the side`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const found: string[] = [];
    const check = async (path: string, h1: string) => {
      const problems = await screenProblems(page, h1);
      found.push(...problems.map((p) => `${path} — ${p}`));
      if (problems.length > 0) {
        const name = `${viewport.width}${path.replace(/\W+/g, '-')}.png`;
        await testInfo.attach(name, {
          body: await page.screenshot({ fullPage: true }),
          contentType: 'image/png',
        });
      }
    };

    await page.goto('/');
    for (const route of SCREENS) {
      await openInApp(page, route.path);
      await check(route.path, route.h1);
      if (route.path === '/')
        found.push(
          ...(await page.evaluate(measureHeader)).map((p) => `header — ${p.kind}: ${p.detail}`),
        );
    }

    // Debug mode brings /debug/* (and its floating dock, which is outside main).
    await page.evaluate(() => localStorage.setItem('debug-mode', 'true'));
    for (const route of DEBUG_ROUTES) {
      await page.goto(route.path);
      await check(route.path, route.h1);
    }
    await page.evaluate(() => localStorage.removeItem('debug-mode'));

    // Signed in, /settings is its own screen.
    await page.goto('/signup');
    await page
      .getByLabel('Email')
      .fill(`e2e.layout.${viewport.width}.${Date.now().toString(36)}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page
      .locator('form.auth-form')
      .getByRole('button', { name: 'Sign Up', exact: true })
      .click();
    await expect(page).not.toHaveURL(/\/signup$/, { timeout: 15_000 });
    await page.goto('/settings');
    await expect(page.getByRole('group', { name: 'Map preferences' })).toBeEnabled({
      timeout: 15_000,
    });
    await check('/settings', 'Settings');
    found.push(
      ...(await page.evaluate(measureHeader)).map(
        (p) => `header, signed in — ${p.kind}: ${p.detail}`,
      ),
    );

    expect(found).toEqual([]);
  });
}

/** The flat map's centre as [lon, lat], once it has drawn (AuroraMap writes it after each render). */
async function mapCentre(page: Page): Promise<[number, number] | null> {
  const value = await page.locator('.aurora-map__ol').getAttribute('data-view-centre');
  if (!value) return null;
  const [lon, lat] = value.split(',').map(Number);
  return [lon!, lat!];
}

test.describe('where the flat map opens', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('without a location it opens over the northern auroral zone between North America and Europe, not on the equator', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('h1')).toHaveText('Aurora Map');
    await expect.poll(() => mapCentre(page)).not.toBeNull();
    const [lon, lat] = (await mapCentre(page))!;
    expect(lat).toBeGreaterThan(55);
    expect(lat).toBeLessThan(72);
    expect(lon).toBeGreaterThan(-100);
    expect(lon).toBeLessThan(20);
  });

  test("once the person's location is known in the south, it moves to the southern auroral zone over their longitude, and opens there next time", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      serviceWorkers: 'block',
      viewport: { width: 1280, height: 800 },
      geolocation: { latitude: -42.88, longitude: 147.33 }, // Hobart
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    await page.goto('/');
    await expect.poll(() => mapCentre(page)).not.toBeNull();
    await page.getByRole('button', { name: 'Show my location' }).click();
    await expect.poll(async () => (await mapCentre(page))?.[1] ?? 0).toBeLessThan(-55);
    const [lon, lat] = (await mapCentre(page))!;
    expect(lat).toBeGreaterThan(-72);
    // The view is 160° of longitude or more: Hobart is in it (the view stops at the antimeridian).
    expect(Math.abs(lon - 147.33)).toBeLessThanOrEqual(80);

    // The location is remembered on this device: the next visit opens there without asking.
    await page.reload();
    await expect(page.locator('h1')).toHaveText('Aurora Map');
    await expect.poll(async () => (await mapCentre(page))?.[1] ?? 0).toBeLessThan(-55);
    await context.close();
  });
});

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.width}×${viewport.height} the map with tonight's half hours, the cloud layer and the slider moved into the forecast hours keeps its layout`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({
      serviceWorkers: 'block',
      viewport,
      permissions: ['geolocation'],
      geolocation: { latitude: 69.65, longitude: 18.96, accuracy: 25 }, // Tromsø: the weather replay covers it
    });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Show my location' }).click();
    await page.getByRole('checkbox', { name: 'Cloud cover' }).check();
    await expect(page.getByTestId('tonight-ages')).toContainText(
      /clouds (\d+ h )?\d+ (min|h) old/,
      {
        timeout: 90_000,
      },
    );
    // The longest the slider gets: every hour ahead, and its last one chosen (the longest labels).
    await expect(
      page.getByRole('region', { name: /^Last 24 hours and the next \d+ h/ }),
    ).toBeVisible();
    const slider = page.getByRole('slider', { name: 'Forecast frame' });
    await slider.focus();
    await page.keyboard.press('End');
    await expect(page.getByTestId('forecast-hour-status')).toContainText(/\d+ h ahead/);
    await page.getByTestId('tonight-verdict').getByRole('button').click();
    await expect(page.getByRole('list', { name: 'Tonight, half hour by half hour' })).toBeVisible();
    const found = [
      ...(await screenProblems(page, 'Aurora Map')),
      ...(await page.evaluate(measureHeader)).map((p) => `header — ${p.kind}: ${p.detail}`),
    ];
    if (found.length > 0)
      await testInfo.attach(`${viewport.width}-map-forecast-hour.png`, {
        body: await page.screenshot({ fullPage: true }),
        contentType: 'image/png',
      });
    // The slider and its label stay on screen, beside or under the map, never over it.
    const sliderBox = (await page.locator('.time-slider').boundingBox())!;
    const mapBox = (await page.locator('.map-page__map').boundingBox())!;
    expect(sliderBox.x + sliderBox.width).toBeLessThanOrEqual(viewport.width + 1);
    expect(sliderBox.y).toBeGreaterThanOrEqual(mapBox.y + mapBox.height - 1);
    expect(found).toEqual([]);
    await context.close();
  });
}
