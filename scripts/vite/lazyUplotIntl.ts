/**
 * Vite plugin: uPlot creates its two Intl objects when first used, not when its module runs.
 *
 * uPlot 1.6's module body creates `new Intl.NumberFormat(navigator.language)` (its default number
 * format) and `new Intl.DateTimeFormat().resolvedOptions().timeZone` (the device's zone, compared
 * in `tzDate`). A page's first Intl object initialises ICU's locale data: measured 35–45 ms for the
 * NumberFormat alone on a fresh page in Chromium 156, and 88 + 19 ms inside uPlot's module
 * evaluation on a first visit of `/forecast` (its one longest task, ~100–145 ms with the module's
 * own work; times 4 under Lighthouse's mobile CPU slowdown). No other code on the chart screens
 * creates an Intl object (src/lib/format.ts writes dates by hand for the same reason), and our
 * charts give every axis and legend value their own formatter (src/ui/charts/chartOptions.ts), so
 * with both made lazy the chart screens create none.
 *
 * The same objects, created on first use: `fmtNum` (uPlot's default number formatter) makes the
 * NumberFormat the first time it formats, `tzDate` reads the device's zone the first time it is
 * asked about a zone other than UTC. A uPlot upgrade that changes either line fails the build
 * here, so this is looked at again rather than silently doing nothing.
 */
import type { Plugin } from 'vite';
import { moduleTransform } from './moduleTransform.ts';

const UPLOT_ESM = /[\\/]uplot[\\/]dist[\\/]uPlot\.esm\.js$/;

interface Replacement {
  what: string;
  from: string;
  to: string;
}

const REPLACEMENTS: readonly Replacement[] = [
  {
    what: 'its number formatter',
    from:
      "const numFormatter = new Intl.NumberFormat(domEnv ? nav.language : 'en-US');\n" +
      'const fmtNum = val => numFormatter.format(val);',
    to:
      'let numFormatter = null;\n' +
      "const fmtNum = val => (numFormatter || (numFormatter = new Intl.NumberFormat(domEnv ? nav.language : 'en-US'))).format(val);",
  },
  {
    what: 'the device zone it reads',
    from: 'const localTz = new Intl.DateTimeFormat().resolvedOptions().timeZone;',
    to: 'let localTz = null;',
  },
  {
    what: 'the device zone it compares',
    from: 'else if (tz == localTz)',
    to: 'else if (tz == (localTz || (localTz = new Intl.DateTimeFormat().resolvedOptions().timeZone)))',
  },
];

/** uPlot's ES module with its Intl objects created on first use. Throws if a line is not found exactly once. */
export function lazyUplotIntl(source: string): string {
  let out = source;
  for (const r of REPLACEMENTS) {
    const found = out.split(r.from).length - 1;
    if (found !== 1)
      throw new Error(
        `lazyUplotIntl: expected ${r.what} ("${r.from.split('\n')[0]}") once in uPlot.esm.js, ` +
          `found ${found}. Has uPlot changed? See scripts/vite/lazyUplotIntl.ts.`,
      );
    out = out.replace(r.from, r.to);
  }
  return out;
}

export function lazyUplotIntlPlugin(): Plugin {
  return moduleTransform('aurora:lazy-uplot-intl', UPLOT_ESM, lazyUplotIntl);
}
