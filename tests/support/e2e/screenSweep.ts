/**
 * The layout sweeps of tests/e2e/layout.spec.ts and mapLayout.spec.ts: moving through the app's
 * screens as its links do, waiting for a screen to settle, and what is wrong with its layout
 * (layoutProbes.ts measures).
 */
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { measureHeader, measureLayout, measureTitle } from './layoutProbes.ts';
import { DEBUG_ROUTES, ROUTES, type RouteCase } from './routes.ts';

/** A phone, a tablet, a laptop and a large desktop. */
export const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];
export type Viewport = (typeof VIEWPORTS)[number];

/** Redirects show another route's screen, already visited under its own path. */
const SCREENS: RouteCase[] = ROUTES.filter((r) => !r.finalPath);

/** The password of the accounts the sweeps sign up. */
const PASSWORD = 'Borealis-Kp7-Night';

/** Moves to `path` inside the running app, as its links do (a full load per screen is slow). */
export async function openInApp(page: Page, path: string, h1?: string): Promise<void> {
  const go = (to: string) => {
    if (location.pathname !== to) history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  };
  await page.evaluate(go, path);
  await expect(page).toHaveURL((u) => u.pathname === path);
  if (!h1) return;
  // A popstate sent while the app is still booting (it boots after the first paint) can be lost
  // to the router's initial load: send it again until the screen is the one asked for.
  await expect
    .poll(async () => {
      const shown = await page.locator('h1').first().textContent();
      if (shown !== h1) await page.evaluate(go, path);
      return shown;
    })
    .toBe(h1);
}

/** Waits until the screen stops growing: panels fill in as the local database answers. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // A long screen's lower parts join one per idle moment (src/ui/InTurn.tsx).
  await expect(page.locator('main [data-pending]')).toHaveCount(0, { timeout: 15_000 });
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

/** The layout and title problems of the screen showing `h1`, once it has settled: one line each. */
export async function screenProblems(page: Page, h1: string): Promise<string[]> {
  await expect(page.locator('h1')).toHaveText(h1);
  // The footer joins after the first paint (src/ui/useAfterFirstPaint.ts).
  await expect(page.locator('footer.footer')).toHaveCount(1);
  await settle(page);
  const problems = [
    ...(await page.evaluate(measureLayout)),
    ...(await page.evaluate(measureTitle)),
  ];
  return problems.map((p) => `${p.kind}: ${p.detail}`);
}

/** Signs a new account up through the app's own form, without reloading the page. */
export async function signUpInApp(page: Page, tag: string): Promise<void> {
  await openInApp(page, '/signup', 'Sign Up');
  await page.getByLabel('Email').fill(`e2e.layout.${tag}.${Date.now().toString(36)}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page
    .locator('form.auth-form')
    .getByRole('button', { name: 'Sign Up', exact: true })
    .click();
  await expect(page).not.toHaveURL(/\/signup$/, { timeout: 15_000 });
}

export interface SweepOptions {
  /** What names the run in screenshots and the e-mail address it signs up with. */
  tag: string;
  /** A banner that must be showing on every screen checked (null: the plain layout). */
  banner: Locator | null;
  /** Around the sign-up, which needs the network (the offline run goes online for it). */
  beforeSignUp?: () => Promise<void>;
  afterSignUp?: () => Promise<void>;
}

/**
 * Every screen of the app in turn, moving inside the app (so a banner stays up): the signed-out
 * screens, the debug screens, then /settings signed in. Returns one line per problem found.
 */
export async function sweepScreens(
  page: Page,
  testInfo: TestInfo,
  opts: SweepOptions,
): Promise<string[]> {
  const found: string[] = [];
  const check = async (path: string, h1: string) => {
    if (opts.banner) await expect(opts.banner, `the banner shows on ${path}`).toBeVisible();
    const problems = await screenProblems(page, h1);
    found.push(...problems.map((p) => `${path} — ${p}`));
    if (problems.length > 0) {
      const name = `${opts.tag}${path.replace(/\W+/g, '-')}.png`;
      await testInfo.attach(name, {
        body: await page.screenshot({ fullPage: true }),
        contentType: 'image/png',
      });
    }
  };

  for (const route of SCREENS) {
    await openInApp(page, route.path, route.h1);
    await check(route.path, route.h1);
    if (route.path === '/')
      found.push(
        ...(await page.evaluate(measureHeader)).map((p) => `header — ${p.kind}: ${p.detail}`),
      );
  }

  // Debug mode brings /debug/* (and its floating dock, which is outside main).
  await page.evaluate(() => localStorage.setItem('debug-mode', 'true'));
  for (const route of DEBUG_ROUTES) {
    await openInApp(page, route.path, route.h1);
    await check(route.path, route.h1);
  }
  await page.evaluate(() => localStorage.removeItem('debug-mode'));

  // Signed in, /settings is its own screen.
  await opts.beforeSignUp?.();
  await signUpInApp(page, opts.tag);
  await opts.afterSignUp?.();
  await openInApp(page, '/settings');
  await expect(page.getByRole('group', { name: 'Map preferences' })).toBeEnabled({
    timeout: 15_000,
  });
  await check('/settings', 'Settings');
  found.push(
    ...(await page.evaluate(measureHeader)).map(
      (p) => `header, signed in — ${p.kind}: ${p.detail}`,
    ),
  );
  return found;
}
