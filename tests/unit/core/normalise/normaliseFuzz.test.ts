/**
 * Property test: mutated versions of the constructed SWPC bodies (tests/fixtures/swpc, carrying the
 * documented quirks) and the hand-written inputs go through
 * every normaliser. No exception may escape and everything accepted must be well-formed.
 * Most runs use cut-down fixtures (header + a few dozen rows) for speed; the 0.9 MB OVATION file
 * gets a small number of runs of its own.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalise } from '../../../../core/normalise/index.ts';
import { RESOURCES, type Resource } from '../../../../core/model.ts';
import { NOW, handwritten } from '../../../support/fixtureFiles.ts';
import { constructed } from '../../../support/constructedSwpc.ts';
import { plasmaBody, QUIET_WEEK } from '../../../fixtures/swpc/solarWind.ts';
import { ACTIVE, QUIET, ovationBody } from '../../../fixtures/swpc/ovation.ts';
import { QUIET_SUMMER, threeDayForecastBody } from '../../../fixtures/swpc/threeDayForecast.ts';
import { wellFormedProblem } from '../../../support/wellFormed.ts';
import { CLOCK_SKEW_MS, LEAD_MS } from '../../../../core/normalise/leadTime.ts';

/** Times beyond their horizon and instrument fill must never be accepted (issue 11 item 5). */
function futureOrFillProblem(result: ReturnType<typeof normalise>): string | null {
  if (!result.ok) return null;
  for (const s of result.series) {
    const last = s.t[s.t.length - 1] as number;
    if (last > NOW + CLOCK_SKEW_MS)
      return `${s.product}: accepted a time ${new Date(last).toISOString()} after now`;
    for (const [name, col] of Object.entries(s.fields))
      if (s.product === 'solar-wind-mag' && col.some((v) => v !== null && v <= -999))
        return `${s.product}.${name}: accepted a fill value`;
  }
  for (const g of result.grids) {
    if (g.observationTime > NOW + CLOCK_SKEW_MS || g.forecastTime > NOW + LEAD_MS.ovationForecast)
      return 'grid dated after now';
  }
  if (result.dataTime !== null && result.dataTime > NOW + LEAD_MS.kpForecast)
    return `dataTime ${new Date(result.dataTime).toISOString()} after now`;
  return null;
}

function head(body: string, rows: number): string {
  const all = JSON.parse(body) as unknown[];
  return JSON.stringify(all.slice(0, rows));
}

const SEEDS: [Resource, string][] = [
  ['kp-index', constructed('noaa-planetary-k-index.json')],
  [
    'kp-index',
    JSON.stringify(
      (JSON.parse(constructed('noaa-planetary-k-index.json')) as string[][])
        .slice(1, 12)
        .map((r) => ({
          time_tag: (r[0] ?? '').replace(' ', 'T').slice(0, 19),
          Kp: Number(r[1]),
          a_running: Number(r[2]),
          station_count: Number(r[3]),
        })),
    ),
  ],
  [
    'aurora-nowcast-hemi-power',
    constructed('aurora-nowcast-hemi-power.txt').split('\n').slice(0, 40).join('\n'),
  ],
  ['solar-wind', head(constructed('plasma-7-day.json'), 40)],
  ['solar-wind', head(plasmaBody(QUIET_WEEK), 30)],
  ['magnetic-field', head(constructed('mag-7-day.json'), 40)],
  ['magnetic-field', head(constructed('rtsw_mag_1m.json'), 30)],
  ['three-day-forecast', constructed('3-day-forecast.txt')],
  ['three-day-forecast', threeDayForecastBody(QUIET_SUMMER)],
  ['three-day-geomag-forecast', constructed('3-day-geomag-forecast.txt')],
  ['twenty-seven-day-outlook', constructed('27-day-outlook.txt')],
  [
    'observed-solar-cycle',
    JSON.stringify(
      (JSON.parse(constructed('observed-solar-cycle-indices.json')) as unknown[]).slice(-40),
    ),
  ],
  [
    'predicted-solar-cycle',
    JSON.stringify(
      (JSON.parse(constructed('predicted-solar-cycle.json')) as unknown[]).slice(0, 40),
    ),
  ],
  ['kp-1m', head(constructed('planetary_k_index_1m.json'), 60)],
  ['kp-forecast', constructed('noaa-planetary-k-index-forecast.json')],
  ['alerts', handwritten('alerts.json')],
  ['icao-advisories', handwritten('icao-advisories.txt')],
  ['sdo-images', handwritten('sdo-images.json')],
];

/** Values that break naive parsers. */
const nasty = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    '',
    '(n/a)',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e400',
    '-1e31',
    '-99999',
    -1,
    1e308,
    -1e308,
    0,
    '0',
    true,
    false,
    [],
    {},
    'time_tag',
    '2026-02-30 00:00:00.000',
    '9999-99-99T99:99:99',
    '<html>',
    '\uFEFF',
    'G9',
    '1M',
    101,
    -1.0,
    65_160,
    '9999-12-31 23:59:59.000',
    '9999-12-31T23:59:59',
    '2099-01',
    '-9999.9',
    '-9999',
    -9999.9,
    -999.9,
  ),
  fc.double(),
  fc.string({ maxLength: 12 }),
  fc.integer(),
);

type Mutation =
  | { kind: 'truncate'; at: number }
  | { kind: 'flip'; at: number; char: string }
  | { kind: 'replaceValue'; pick: number; value: unknown }
  | { kind: 'deleteKey'; pick: number }
  | { kind: 'shuffle'; seed: number }
  | { kind: 'duplicate'; pick: number }
  | { kind: 'bom' }
  | { kind: 'html'; at: number }
  | { kind: 'numbers'; value: string }
  | { kind: 'lines'; pick: number; op: 'delete' | 'swap' | 'garbage'; garbage: string };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('flip' as const),
    at: fc.nat(),
    char: fc.constantFrom(
      '"',
      ',',
      ']',
      '}',
      '[',
      '{',
      ':',
      '-',
      '.',
      'e',
      '9',
      ' ',
      '\n',
      '\u0000',
      'x',
      '_',
    ),
  }),
  fc.record({ kind: fc.constant('replaceValue' as const), pick: fc.nat(), value: nasty }),
  fc.record({ kind: fc.constant('deleteKey' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('shuffle' as const), seed: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate' as const), pick: fc.nat() }),
  fc.constant({ kind: 'bom' as const }),
  fc.record({ kind: fc.constant('html' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('numbers' as const),
    value: fc.constantFrom(
      '1e400',
      'NaN',
      '-99999',
      '99999999999999999999',
      '-0',
      '1e-400',
      '"1"',
      'null',
    ),
  }),
  fc.record({
    kind: fc.constant('lines' as const),
    pick: fc.nat(),
    op: fc.constantFrom('delete' as const, 'swap' as const, 'garbage' as const),
    garbage: fc.string({ maxLength: 30 }),
  }),
);

/** Every container (array or object) in a parsed JSON value, for structural mutations. */
function containers(
  value: unknown,
  out: (unknown[] | Record<string, unknown>)[] = [],
): (unknown[] | Record<string, unknown>)[] {
  if (Array.isArray(value)) {
    out.push(value);
    for (const v of value) containers(v, out);
  } else if (typeof value === 'object' && value !== null) {
    out.push(value as Record<string, unknown>);
    for (const v of Object.values(value)) containers(v, out);
  }
  return out;
}

function shuffled<T>(list: T[], seed: number): T[] {
  const copy = [...list];
  let s = seed || 1;
  for (let i = copy.length - 1; i > 0; i--) {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = s % (i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

function mutateJson(body: string, m: Mutation): string {
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch {
    return body;
  }
  const all = containers(doc);
  const target = all[('pick' in m ? m.pick : 0) % Math.max(1, all.length)];
  if (!target) return body;
  const keys = Array.isArray(target) ? target.map((_, i) => i) : Object.keys(target);
  const key = keys[('pick' in m ? m.pick : 0) % Math.max(1, keys.length)];
  if (m.kind === 'replaceValue' && key !== undefined)
    (target as Record<string | number, unknown>)[key] = m.value;
  if (m.kind === 'deleteKey' && key !== undefined) {
    if (Array.isArray(target)) target.splice(key as number, 1);
    else delete target[key as string];
  }
  if (m.kind === 'duplicate' && Array.isArray(target) && key !== undefined)
    target.splice(key as number, 0, target[key as number]);
  if (m.kind === 'shuffle' && Array.isArray(doc)) return JSON.stringify(shuffled(doc, m.seed));
  return JSON.stringify(doc);
}

function mutateText(body: string, m: Mutation): string {
  const lines = body.split('\n');
  if (m.kind === 'shuffle') return shuffled(lines, m.seed).join('\n');
  if (m.kind === 'duplicate') {
    const i = m.pick % lines.length;
    lines.splice(i, 0, lines[i] ?? '');
    return lines.join('\n');
  }
  if (m.kind === 'lines') {
    const i = m.pick % lines.length;
    if (m.op === 'delete') lines.splice(i, 1);
    if (m.op === 'swap')
      [lines[i], lines[(i + 1) % lines.length]] = [
        lines[(i + 1) % lines.length] ?? '',
        lines[i] ?? '',
      ];
    if (m.op === 'garbage') lines[i] = m.garbage;
    return lines.join('\n');
  }
  if (m.kind === 'replaceValue') {
    // Replace one number in the text with a nasty value.
    let n = 0;
    const wanted = m.pick % 50;
    return body.replace(/\d+(\.\d+)?/g, (s) => (n++ === wanted ? String(m.value) : s));
  }
  return body;
}

export function mutate(body: string, m: Mutation): string {
  switch (m.kind) {
    case 'truncate':
      return body.slice(0, m.at % (body.length + 1));
    case 'flip': {
      const at = m.at % Math.max(1, body.length);
      return body.slice(0, at) + m.char + body.slice(at + 1);
    }
    case 'bom':
      return `\uFEFF${body}`;
    case 'html': {
      const at = m.at % (body.length + 1);
      return at % 2 === 0
        ? '<!DOCTYPE html><html><head><title>Gateway Timeout</title></head><body>504</body></html>'
        : body.slice(0, at) + '<html><body>error</body></html>';
    }
    case 'numbers':
      return body
        .replace(/"-?\d+\.\d+"/, `"${m.value}"`)
        .replace(/(?<=[[,] ?)-?\d+\.\d+(?=[,\]}])/, m.value);
    default: {
      const t = body.trimStart();
      return t.startsWith('[') || t.startsWith('{') ? mutateJson(body, m) : mutateText(body, m);
    }
  }
}

function check(resource: Resource, body: string): boolean {
  let problem: string | null;
  let accepted = false;
  try {
    const result = normalise(resource, body, { now: NOW });
    accepted = result.ok;
    problem = wellFormedProblem(result) ?? futureOrFillProblem(result);
  } catch (e) {
    problem = `threw ${e instanceof Error ? e.message : String(e)}`;
  }
  if (problem)
    throw new Error(`${resource}: ${problem}\nbody starts: ${JSON.stringify(body.slice(0, 200))}`);
  return accepted;
}

describe('normalisers under mutated constructed input', () => {
  it('never throw and accept only well-formed output, for 10,000 mutated fixtures through their own and another normaliser', () => {
    let runs = 0;
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.nat(SEEDS.length - 1),
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        fc.constantFrom(...RESOURCES),
        (seedIndex, mutations, other) => {
          const [resource, seed] = SEEDS[seedIndex] as [Resource, string];
          const body = mutations.reduce(mutate, seed);
          if (check(resource, body)) accepted++;
          check(other, body);
          runs++;
        },
      ),
      { numRuns: 10_000, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
    );
    expect(runs).toBe(10_000);
    // The mutations must leave many inputs usable, or the well-formedness checks test nothing.
    expect(accepted / runs).toBeGreaterThan(0.3);
    // ~3 s of CPU; the generous limit is for a machine shared by many busy processes.
  }, 90_000);

  it('never throw on mutated full OVATION files and accept only complete 0–100 grids', () => {
    const files = [ovationBody(ACTIVE), ovationBody(QUIET)];
    let accepted = 0;
    fc.assert(
      fc.property(fc.nat(files.length - 1), mutation, (i, m) => {
        const body = mutate(files[i] as string, m);
        if (check('aurora-oval', body)) accepted++;
      }),
      { numRuns: 24, seed: 7 },
    );
    // Some mutations (BOM, shuffles of keys) leave a valid grid: the accepting path is exercised.
    expect(accepted).toBeGreaterThan(0);
  }, 90_000);
});
