/** Opens the built harness in Chromium and runs one poll of the given resources in a fresh database. */
import type { Browser } from 'playwright-core';
import type { Resource } from '../../../core/model.ts';
import type { HarnessResult } from './harness.ts';

let dbCounter = 0;

export async function runHarness(
  browser: Browser,
  url: string,
  backendBase: string,
  resources: readonly Resource[],
): Promise<HarnessResult> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${url}/`);
    await page.waitForFunction(() => 'pollerHarness' in globalThis);
    const dbName = `harness-${Date.now()}-${++dbCounter}`;
    // A string expression: tsx would wrap an arrow function in helpers the page does not have.
    return (await page.evaluate(
      `globalThis.pollerHarness.run(${JSON.stringify({ backendBase, resources, dbName })})`,
    )) as HarnessResult;
  } finally {
    await context.close();
  }
}
