import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests run against the production build served by `npm start` (scripts/e2e.ts starts
 * it and passes E2E_BASE_URL). Chromium is the system one: browsers cannot be downloaded here.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/artifacts',
  // One worker: the machine is small and the update-flow test restarts a server of its own.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: 'test-results/report', open: 'never' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:8787',
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    serviceWorkers: 'allow',
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
});
