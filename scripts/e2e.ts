/**
 * `npm run test:e2e`: build if needed (v1 in dist/, v2 in dist-v2/ for the update flow), serve v1
 * with `npm start`'s script on a free port, run Playwright on the system Chromium, stop the
 * server, and exit with Playwright's code. Extra arguments go to `playwright test`.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuild, V2_VERSION } from '../tests/support/e2e/builds.ts';
import { ROOT, startServer } from '../tests/support/e2e/server.ts';
import { requireChromium } from './requireChromium.ts';

requireChromium();

ensureBuild('dist');
ensureBuild('dist-v2', V2_VERSION);

// MET Norway and NOAA's NOMADS pinned to hosts that never resolve: the weather function then
// answers from its replays (moved to the present), so the tonight and cloud-layer tests see the
// same sky with or without internet.
const server = await startServer({
  distDir: 'dist',
  env: {
    WEATHER_BASE_URL: process.env.WEATHER_BASE_URL ?? 'https://api.met.invalid',
    GFS_BASE_URL: process.env.GFS_BASE_URL ?? 'https://nomads.invalid',
    // GFZ Potsdam is a third party too: the space-weather function replays its constructed file.
    GFZ_BASE_URL: process.env.GFZ_BASE_URL ?? 'https://kp.gfz.invalid',
  },
});
console.log(`[e2e] serving dist at ${server.url}`);

let code = 1;
try {
  code = await new Promise<number>((resolve) => {
    const child = spawn(
      join(ROOT, 'node_modules/.bin/playwright'),
      ['test', ...process.argv.slice(2)],
      {
        cwd: ROOT,
        stdio: 'inherit',
        env: {
          ...process.env,
          E2E_BASE_URL: server.url,
          E2E_DIST_V1: 'dist',
          E2E_DIST_V2: 'dist-v2',
          E2E_V2_VERSION: V2_VERSION,
        },
      },
    );
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
  });
} finally {
  // The server's last output beside Playwright's artifacts: a 500 in a trace names no cause.
  if (code !== 0) writeFileSync(join(ROOT, 'test-results/server-output.log'), server.output());
  await server.stop();
}
process.exit(code);
