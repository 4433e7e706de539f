/**
 * The product registry (core/products/products.ts) is the one description of a product: every
 * per-product list is derived from it, a product without its entries does not compile, and adding
 * one is its registry entry (with the text half in upstreamFiles.ts) plus one normaliser.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { RESOURCES, type Resource } from '../../../../core/model.ts';
import { PRODUCTS } from '../../../../core/products/products.ts';
import type { ProductSpec } from '../../../../core/products/productSpec.ts';
import { UPSTREAM_FILES, type UpstreamFile } from '../../../../core/products/upstreamFiles.ts';
import { PRODUCT_NAMES } from '../../../../core/products/productNames.ts';
import { FRESHNESS } from '../../../../core/products/freshness.ts';
import { SOURCES, pollOrder } from '../../../../core/products/sources.ts';
import { compactKind, seriesForm } from '../../../../core/compact/compactForm.ts';
import { NORMALISERS, type Normaliser } from '../../../../core/normalise/index.ts';
import { FIRST_SCREEN, isHeld } from '../../../../workers/poller/firstScreen.ts';
import { BACKGROUND_PRODUCTS } from '../../../../src/sw/backgroundRefresh.ts';
import { CORE_FEEDS, bannerRank, bannerWord } from '../../../../src/lib/coreFeeds.ts';
import {
  SPACE_WEATHER_RESOURCE_NAMES,
  resourceSpec,
} from '../../../../supabase/functions/space-weather/resources.ts';
import { replayDataTime } from '../../../../supabase/functions/space-weather/replay.ts';
import { backfillSince } from '../../../../workers/poller/backfill.ts';
import { utcDayStart } from '../../../../core/time/dayKey.ts';
import { readArchiveRequest } from '../../../../supabase/functions/archive-space-weather/run.ts';

const DAY = 86_400_000;
const sorted = (xs: Iterable<string>) => [...xs].sort();

describe('the product registry', () => {
  it('has exactly one entry per resource, and the names are its keys', () => {
    expect(RESOURCES.length).toBeGreaterThan(0);
    expect(new Set(RESOURCES).size).toBe(RESOURCES.length);
    expect(Object.keys(PRODUCTS)).toEqual([...RESOURCES]);
    expect(Object.keys(UPSTREAM_FILES)).toEqual([...RESOURCES]);
    expect(Object.keys(PRODUCT_NAMES)).toEqual([...RESOURCES]);
    expect(sorted(Object.keys(NORMALISERS))).toEqual(sorted(RESOURCES));
  });

  it('gives every derived table every resource and only those, with the registry’s values', () => {
    expect(Object.keys(SOURCES)).toEqual([...RESOURCES]);
    expect(Object.keys(FRESHNESS)).toEqual([...RESOURCES]);
    expect(sorted(pollOrder())).toEqual(sorted(RESOURCES));
    for (const r of RESOURCES) {
      const p = PRODUCTS[r];
      expect(FRESHNESS[r]).toEqual(p.freshness);
      expect(SOURCES[r]).toMatchObject({
        resource: r,
        swpcPath: p.swpcPath,
        swpcAltPath: p.swpcAltPath,
        viaBackend: p.viaBackend,
        cadenceMs: p.cadenceMs,
        priority: p.priority,
        approxBytes: p.approxBytes,
        ...p.freshness,
      });
      expect(compactKind(r)).toBe(p.compact?.kind ?? null);
      expect(seriesForm(r)).toEqual(
        p.compact?.kind === 'rows'
          ? { product: p.compact.product, fields: Object.keys(p.compact.fields) }
          : null,
      );
    }
  });

  it('derives the poller’s, the service worker’s and the banner’s sets from the entries’ flags', () => {
    const flagged = (f: (p: ProductSpec) => boolean) => RESOURCES.filter((r) => f(PRODUCTS[r]));
    expect(sorted(FIRST_SCREEN)).toEqual(sorted(flagged((p) => p.firstScreen)));
    expect(RESOURCES.filter((r) => isHeld(r, { saveData: true }))).toEqual(
      flagged((p) => p.heldWhenConstrained),
    );
    expect([...BACKGROUND_PRODUCTS]).toEqual(flagged((p) => p.background));
    expect(sorted(CORE_FEEDS)).toEqual(sorted(flagged((p) => p.banner !== null)));
    for (const r of RESOURCES) {
      expect(bannerWord(r)).toBe(PRODUCTS[r].banner?.word ?? null);
      if (PRODUCTS[r].banner) expect(bannerRank(r)).toBe(PRODUCTS[r].banner?.rank);
    }
    // Ranks order the core feeds one by one, none shared, below any secondary feed's.
    const ranks = RESOURCES.filter((r) => CORE_FEEDS.has(r)).map(bannerRank);
    expect(sorted(ranks.map(String))).toEqual(ranks.map((_, i) => String(i)).sort());
    expect(bannerRank('alerts')).toBe(CORE_FEEDS.size);
    expect(bannerRank('not-a-product')).toBe(CORE_FEEDS.size);
  });

  it('backfills after a gap only series the backend keeps, as far back as the live file does not reach', () => {
    const NOW = Date.parse('2026-11-26T18:00:00Z');
    for (const r of RESOURCES) {
      const spec = PRODUCTS[r].backfill;
      if (spec === null) {
        expect(backfillSince(r, NOW - 90 * DAY, NOW), r).toBeNull();
        continue;
      }
      expect(PRODUCTS[r].compact?.kind, r).toBe('rows');
      expect(PRODUCTS[r].archived, r).toBe(true);
      const reach = spec.liveReachMs ?? NOW - utcDayStart(NOW);
      expect(backfillSince(r, NOW - reach + 1, NOW), r).toBeNull();
      expect(backfillSince(r, NOW - reach - DAY, NOW), r).toBe(NOW - reach - DAY);
      expect(backfillSince(r, null, NOW) !== null, r).toBe(spec.historyOnFirstVisit);
    }
  });

  it('serves from the backend exactly the products the registry sends through it, with their replay', () => {
    expect([...SPACE_WEATHER_RESOURCE_NAMES]).toEqual(
      RESOURCES.filter((r) => PRODUCTS[r].viaBackend),
    );
    for (const r of SPACE_WEATHER_RESOURCE_NAMES) {
      const served = UPSTREAM_FILES[r].served;
      expect(resourceSpec(r)).toMatchObject({
        cadenceMs: PRODUCTS[r].cadenceMs,
        contentType: served.contentType,
        replayFile: served.replayFile,
      });
      expect(Date.parse(replayDataTime(r))).not.toBeNaN();
      const replay = resolve('supabase/functions/space-weather/replay', served.replayFile);
      expect(statSync(replay).size, replay).toBeGreaterThan(0);
    }
    for (const r of RESOURCES)
      expect(UPSTREAM_FILES[r].served === null, r).toBe(!PRODUCTS[r].viaBackend);
  });

  it('archives by default exactly the products whose entry says so, and refuses the others', () => {
    const archived = RESOURCES.filter((r) => PRODUCTS[r].archived);
    expect(readArchiveRequest({})).toEqual({ resources: archived, retention: false });
    for (const r of RESOURCES.filter((r) => !PRODUCTS[r].archived))
      expect(readArchiveRequest({ resources: [r] })).toMatchObject({
        error: expect.stringContaining(`Not archived: ${r}`) as unknown,
      });
  });

  it('is what the compiler holds complete: a table missing a product does not compile', () => {
    const { 'kp-gfz': _product, ...products } = PRODUCTS;
    // @ts-expect-error a registry without kp-gfz is not a Record<Resource, ProductSpec>
    const registry: Record<Resource, ProductSpec> = products;
    const { 'kp-gfz': _file, ...files } = UPSTREAM_FILES;
    // @ts-expect-error nor is the text half without it
    const texts: Record<Resource, UpstreamFile> = files;
    const { 'kp-gfz': _name, ...names } = PRODUCT_NAMES;
    // @ts-expect-error nor the display names
    const shown: Record<Resource, string> = names;
    const { 'kp-gfz': _normaliser, ...normalisers } = NORMALISERS;
    // @ts-expect-error nor the normalisers
    const read: Record<Resource, Normaliser> = normalisers;
    expect(Object.keys(registry)).not.toContain('kp-gfz');
    expect(Object.keys(texts)).not.toContain('kp-gfz');
    expect(Object.keys(read)).not.toContain('kp-gfz');
    expect(Object.keys(shown)).not.toContain('kp-gfz');
  });
});

/** The core compiled under tsconfig.core.json with some files' text replaced, as file → complaints. */
function compileCore(replace: Record<string, (text: string) => string>): Map<string, string[]> {
  const parsed = ts.getParsedCommandLineOfConfigFile(resolve('tsconfig.core.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error('tsconfig.core.json did not parse');
  const host = ts.createCompilerHost(parsed.options);
  const getSourceFile = host.getSourceFile.bind(host);
  const replaced = new Map(Object.entries(replace).map(([f, edit]) => [resolve(f), edit]));
  host.getSourceFile = (name, language, ...rest) => {
    const edit = replaced.get(resolve(name));
    if (!edit) return getSourceFile(name, language, ...rest);
    const before = readFileSync(name, 'utf8');
    const after = edit(before);
    if (after === before) throw new Error(`the probe's edit did not apply to ${name}`);
    return ts.createSourceFile(name, after, language);
  };
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host });
  const out = new Map<string, string[]>();
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file ? d.file.fileName.replace(`${process.cwd()}/`, '') : '(options)';
    out.set(file, [...(out.get(file) ?? []), ts.flattenDiagnosticMessageText(d.messageText, ' ')]);
  }
  return out;
}

const PROBE_ENTRY = `
  'probe-product': {
    ...PLAIN,
    banner: null,
    swpcPath: 'json/probe.json',
    swpcAltPath: null,
    viaBackend: true,
    cadenceMs: 5 * MIN,
    priority: 'low',
    approxBytes: 1_000,
    freshness: { maxAgeMs: 1 * HOUR, ageFrom: 'data', frozenAfterMs: null },
    compact: null,
  },
} satisfies Record<string, ProductSpec>;`;
const addEntry = (t: string) => t.replace('} satisfies Record<string, ProductSpec>;', PROBE_ENTRY);
const addNormaliser = (t: string) =>
  t.replace(
    "  'kp-gfz': normaliseKpGfz,\n};",
    "  'kp-gfz': normaliseKpGfz,\n  'probe-product': normaliseKpGfz,\n};",
  );
const addName = (t: string) => t.replace('\n};', "\n  'probe-product': 'A probe',\n};");
const addText = (t: string) =>
  t.replace(
    '} as const satisfies Record<Resource, UpstreamFile>;',
    `  'probe-product': {
    schema: 'JSON [{time_tag, value}]',
    served: { contentType: 'application/json', replayFile: 'probe.json', replayDataTime: '2026-01-01T00:00:00Z' },
  },
} as const satisfies Record<Resource, UpstreamFile>;`,
  );

describe('adding a product', { timeout: 240_000 }, () => {
  it('is one registry entry (with its text and name) and one normaliser: without them the core does not compile, with them nothing else in it changes', () => {
    const onlyEntry = compileCore({ 'core/products/products.ts': addEntry });
    expect(sorted(onlyEntry.keys())).toEqual([
      'core/normalise/index.ts',
      'core/products/productNames.ts',
      'core/products/upstreamFiles.ts',
    ]);
    expect(onlyEntry.get('core/products/productNames.ts')?.join()).toMatch(/probe-product/);
    expect(onlyEntry.get('core/normalise/index.ts')?.join()).toMatch(/probe-product/);
    expect(onlyEntry.get('core/products/upstreamFiles.ts')?.join()).toMatch(/probe-product/);

    const whole = compileCore({
      'core/products/products.ts': addEntry,
      'core/products/upstreamFiles.ts': addText,
      'core/products/productNames.ts': addName,
      'core/normalise/index.ts': addNormaliser,
    });
    expect([...whole.entries()]).toEqual([]);
  });
});

/** Product names as string literals, per non-test source file outside the registry and the normalisers. */
function productLiteralsByFile(): Map<string, Set<Resource>> {
  const names = new RegExp(
    `['"\`](${RESOURCES.map((r) => r.replace(/-/g, '\\-')).join('|')})['"\`]`,
    'g',
  );
  const out = new Map<string, Set<Resource>>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, name.name);
      if (name.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name.name)) {
        const found = new Set(
          [...readFileSync(path, 'utf8').matchAll(names)].map((m) => m[1] as Resource),
        );
        if (found.size > 0) out.set(path, found);
      }
    }
  };
  for (const root of ['core', 'sync', 'src', 'workers', 'supabase', 'server', 'scripts'])
    walk(root);
  for (const path of out.keys())
    if (path.startsWith('core/products/') || path.startsWith('core/normalise/')) out.delete(path);
  return out;
}

/**
 * Files that name three or more products, and why that is not a per-product list: each reads
 * given products for what it shows or does. A new file here, or one naming more products than
 * listed, is a new per-product list: its facts belong in the registry.
 */
const NAMING_SEVERAL: Record<string, { count: number; why: string }> = {
  'core/model.ts': {
    count: 9,
    why: 'ProductKind, the kinds of stored records, shares their names',
  },
  'src/features/forecast/ForecastPage.tsx': {
    count: 7,
    why: 'the forecast screen reads each of them',
  },
  'src/features/live-feeds/LiveFeedsPage.tsx': { count: 5, why: 'the feeds that screen shows' },
  'sync/read/summariseSpaceWeather.ts': {
    count: 4,
    why: 'which feed each summary number comes from',
  },
  'supabase/functions/archive-space-weather/retention.ts': {
    count: 4,
    why: 'how long the archive keeps each kind of row',
  },
  'src/features/live-feeds/MapPanelCharts.tsx': { count: 4, why: 'the charts of the map panel' },
  'supabase/functions/kp-alert-sender/handler.ts': { count: 3, why: 'the alert sender’s inputs' },
  'scripts/alertsReplay.ts': { count: 3, why: 'the alert replay’s timeline inputs' },
};

describe('product names outside the registry', () => {
  it('appear three or more to a file only where a file reads those products, never as a new per-product list', () => {
    const several = [...productLiteralsByFile()].filter(([, names]) => names.size >= 3);
    const unexpected = several
      .filter(([path, names]) => names.size > (NAMING_SEVERAL[path]?.count ?? 2))
      .map(([path, names]) => `${path}: ${[...names].join(', ')}`);
    expect(unexpected).toEqual([]);
  });

  it('are no longer listed where the registry now says it', () => {
    const found = productLiteralsByFile();
    for (const path of [
      'src/lib/coreFeeds.ts',
      'src/app/banners/dataProblemMessage.ts',
      'src/features/live-feeds/FeedTable.tsx',
      'src/sw/backgroundRefresh.ts',
      'core/compact/compactForm.ts',
      'supabase/functions/space-weather/replay.ts',
      'workers/poller/backfill.ts',
    ])
      expect(found.get(path), path).toBeUndefined();
    expect(found.get('workers/poller/firstScreen.ts')?.size ?? 0).toBeLessThanOrEqual(1);
    expect(
      found.get('supabase/functions/space-weather/resources.ts')?.size ?? 0,
    ).toBeLessThanOrEqual(1);
    expect(
      found.get('supabase/functions/archive-space-weather/run.ts')?.size ?? 0,
    ).toBeLessThanOrEqual(1);
  });
});
