import type { Page } from '@playwright/test';

/**
 * A screenshot of the whole page with every part drawn. A long screen leaves its off-screen panels
 * unlaid and unpainted until they are scrolled near (components.css `.page--long`), and a
 * full-page capture does not scroll: they came out as empty boxes, and a check of the picture's
 * pixels (night mode's red on black) would not see what they hold.
 */
export async function fullPageShot(page: Page, path?: string): Promise<Buffer> {
  await page.addStyleTag({
    content: '.page--long > .panel { content-visibility: visible !important; }',
  });
  return page.screenshot({ path, fullPage: true });
}
