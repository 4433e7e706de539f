/**
 * The import boundaries of eslint.config.js (core/CONTEXT.md, "The import boundaries"), run on probe
 * files: each boundary refuses one import across it, and the imports the design allows pass. The
 * probes are linted as text under a path of the folder they stand for; only their imports' targets
 * are real files.
 */
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function lint(filePath: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages;
}

/** The rules a probe breaks (the type-only and unused-variable rules do not apply to probes). */
async function broken(filePath: string, code: string): Promise<string[]> {
  return (await lint(filePath, code)).map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

describe('the import boundaries the lint enforces', { timeout: 120_000 }, () => {
  it('refuses a server file that imports a build plugin, and one that imports page code', async () => {
    expect(
      await broken(
        'server/probe.ts',
        "import { bootAfterPaint } from '../scripts/vite/bootAfterPaint.ts';\nexport const p = bootAfterPaint;\n",
      ),
    ).toEqual(['boundaries/dependencies']);
    expect(
      await broken(
        'server/probe.ts',
        "import { formatAge } from '../src/lib/format.ts';\nexport const p = formatAge;\n",
      ),
    ).toEqual(['boundaries/dependencies']);
  });

  it('refuses page code that imports a script or the local server', async () => {
    expect(
      await broken(
        'src/app/probe.ts',
        "import { bootAfterPaint } from '../../scripts/vite/bootAfterPaint.ts';\nexport const p = bootAfterPaint;\n",
      ),
    ).toEqual(['boundaries/dependencies']);
    expect(
      await broken(
        'src/features/map/probe.ts',
        "import { contentSecurityPolicy } from '../../../server/csp.ts';\nexport const p = contentSecurityPolicy;\n",
      ),
    ).toEqual(['boundaries/dependencies']);
  });

  it('refuses a shared component that reads the data layer or imports a feature', async () => {
    expect(
      await broken(
        'src/ui/charts/probe.ts',
        "import { usePreferences } from '../../../sync/react/index.ts';\nexport const p = usePreferences;\n",
      ),
    ).toEqual(['boundaries/dependencies']);
    expect(
      await broken(
        'src/ui/probe.ts',
        "import { gridFreshness } from '../features/map/freshness.ts';\nexport const p = gridFreshness;\n",
      ),
    ).toEqual(['boundaries/dependencies']);
  });

  it('refuses the poller worker importing the service worker’s files', async () => {
    expect(
      await broken(
        'workers/probe.ts',
        "import { readNotificationSettings } from '../src/sw/auroraTrackingDb.ts';\nexport const p = readNotificationSettings;\n",
      ),
    ).toEqual(['boundaries/dependencies']);
  });

  it('refuses a dynamic import of uPlot outside the chart family', async () => {
    expect(
      await broken('src/pwa/probe.ts', "export const load = () => import('uplot');\n"),
    ).toEqual(['no-restricted-syntax']);
    expect(
      await broken(
        'src/features/forecast/Probe.tsx',
        "export const load = () => import('uplot/dist/uPlot.esm.js');\n",
      ),
    ).toEqual(['no-restricted-syntax']);
  });

  it('lets through the imports the design allows', async () => {
    const allowed: [string, string][] = [
      // A feature reads the clock choice through a shell hook and hands it to the charts.
      [
        'src/features/forecast/probe.ts',
        "import { useChartTimeZone } from '../../lib/useChartTimeZone.ts';\nexport const p = useChartTimeZone;\n",
      ],
      // The chart family loads uPlot, and a route preloads it through the family.
      ['src/ui/charts/probe.ts', "export const load = () => import('uplot');\n"],
      ['src/pwa/probe.ts', "export const load = () => import('../ui/charts/loadUplot.ts');\n"],
      // The service worker and the poller share the tracking database's neutral module.
      [
        'src/sw/probe.ts',
        "import { openAuroraTrackingDb } from '../../sync/trackingDb/backgroundUpdates.ts';\nexport const p = openAuroraTrackingDb;\n",
      ],
      [
        'workers/probe.ts',
        "import { readBackgroundUpdates } from '../sync/trackingDb/backgroundUpdates.ts';\nexport const p = readBackgroundUpdates;\n",
      ],
      // The server and the build share the boot script through the core; a script may start the stack.
      [
        'server/probe.ts',
        "import { BOOT_SCRIPT } from '../core/boot/bootScript.ts';\nexport const p = BOOT_SCRIPT;\n",
      ],
      [
        'scripts/vite/probe.ts',
        "import { contentSecurityPolicy } from '../../server/csp.ts';\nexport const p = contentSecurityPolicy;\n",
      ],
    ];
    for (const [path, code] of allowed) expect(await broken(path, code), path).toEqual([]);
  });
});
