import { describe, expect, it } from 'vitest';
import type { Resource } from '../../../../core/model.ts';
import { normalise, type NormaliseOk } from '../../../../core/normalise/index.ts';
import {
  compactKind,
  decodeCompact,
  decodeGridValues,
  encodeCompact,
  encodeGridValues,
  seriesSince,
} from '../../../../core/compact/compactForm.ts';
import { GRID_CELLS } from '../../../../core/grid/grid.ts';
import { NOW } from '../../../support/fixtureFiles.ts';
import { constructed } from '../../../support/constructedSwpc.ts';

/** The compact form against the constructed SWPC bodies (tests/fixtures/swpc): what `normalise` gives, round trip. */
const REAL: [Resource, string][] = [
  ['aurora-oval', 'ovation_aurora_latest.json'],
  ['kp-index', 'noaa-planetary-k-index.json'],
  ['kp-1m', 'planetary_k_index_1m.json'],
  ['aurora-nowcast-hemi-power', 'aurora-nowcast-hemi-power.txt'],
  ['solar-wind', 'plasma-7-day.json'],
  ['magnetic-field', 'mag-7-day.json'],
  ['magnetic-field', 'rtsw_mag_1m.json'],
];

function accepted(resource: Resource, file: string): NormaliseOk {
  const r = normalise(resource, constructed(file), { now: NOW });
  if (!r.ok) throw new Error(r.error);
  return r;
}

function compactOf(resource: Resource, file: string, since: number | null = null): string {
  return encodeCompact({ resource, ...accepted(resource, file) }, since);
}

interface WireSeries {
  product: unknown;
  t: unknown[];
  fields: Record<string, unknown[]>;
}
interface WireGrid {
  values: string;
  encoding: unknown;
  observationTime: unknown;
}
/** The wire form as a test changes it. */
interface Wire {
  format: unknown;
  resource: unknown;
  dataTime: unknown;
  series: [WireSeries, ...WireSeries[]];
  grids: [WireGrid, ...WireGrid[]];
}

/** A valid compact body with one thing changed. */
function tampered(resource: Resource, file: string, change: (body: Wire) => void): string {
  const body = JSON.parse(compactOf(resource, file)) as Wire;
  change(body);
  return JSON.stringify(body);
}

function refusal(resource: Resource, body: string, now = NOW): string {
  const r = decodeCompact(resource, body, { now });
  expect(r.ok).toBe(false);
  return r.ok ? '' : r.error;
}

describe('the compact form', () => {
  it.each(REAL)(
    'decodes %s (%s) to exactly what normalising the agency file gives',
    (resource, file) => {
      const raw = accepted(resource, file);
      const decoded = decodeCompact(resource, compactOf(resource, file), { now: NOW });
      expect(decoded).toMatchObject({
        ok: true,
        series: raw.series,
        grids: raw.grids,
        dataTime: raw.dataTime,
        schemaDrift: raw.schemaDrift,
      });
    },
  );

  it('sends the OVATION grid in a tenth of the agency file, before compression', () => {
    const file = constructed('ovation_aurora_latest.json');
    expect(compactOf('aurora-oval', 'ovation_aurora_latest.json').length).toBeLessThan(
      file.length / 10,
    );
  });

  it('keeps only rows newer than since, across spacecraft batches, and the whole product data time', () => {
    const raw = accepted('magnetic-field', 'rtsw_mag_1m.json');
    const newest = raw.dataTime as number;
    const since = newest - 5 * 60_000;
    const body = JSON.parse(compactOf('magnetic-field', 'rtsw_mag_1m.json', since)) as {
      since: number;
      dataTime: number;
      series: { t: number[]; fields: Record<string, unknown[]> }[];
    };
    expect(body.since).toBe(since);
    expect(body.dataTime).toBe(newest);
    const times = body.series.flatMap((s) => s.t);
    expect(times.length).toBeGreaterThan(0);
    expect(times.every((t) => t > since && t <= newest)).toBe(true);
    expect(times).toEqual(raw.series.flatMap((s) => s.t).filter((t) => t > since));
    for (const s of body.series)
      for (const col of Object.values(s.fields)) expect(col).toHaveLength(s.t.length);
    expect(seriesSince(raw.series, newest)).toEqual([]);
    expect(seriesSince(raw.series, null)).toEqual(raw.series);
  });

  it('accepts a slice with no new rows: nothing to write, the product time kept', () => {
    const raw = accepted('kp-1m', 'planetary_k_index_1m.json');
    const r = decodeCompact(
      'kp-1m',
      compactOf('kp-1m', 'planetary_k_index_1m.json', raw.dataTime),
      {
        now: NOW,
      },
    );
    expect(r).toMatchObject({ ok: true, series: [], dataTime: raw.dataTime });
  });

  it('round-trips every byte value 0–100 in the grid, and nothing else', () => {
    const values = new Uint8Array(GRID_CELLS).map((_, i) => (i * 37) % 101);
    expect(decodeGridValues(encodeGridValues(values))).toEqual(values);
    const tooHigh = new Uint8Array(GRID_CELLS);
    tooHigh[4000] = 101;
    expect(decodeGridValues(encodeGridValues(tooHigh))).toBe('grid cell 4000 is 101, above 100');
    expect(decodeGridValues(encodeGridValues(new Uint8Array(GRID_CELLS - 1)))).toMatch(
      /grid has 65159 cells, expected 65160/,
    );
    expect(decodeGridValues('not base64!')).toBe('grid values are not base64');
    expect(decodeGridValues(12)).toBe('grid values are not a string');
  });

  it('names which resources have a compact form', () => {
    expect(compactKind('aurora-oval')).toBe('grid');
    expect(compactKind('solar-wind')).toBe('rows');
    expect(compactKind('kp-1m')).toBe('rows');
    expect(compactKind('three-day-forecast')).toBeNull();
    expect(refusal('three-day-forecast', '{}')).toContain('has no compact form');
  });

  const REFUSED: [string, Resource, string, (b: Wire) => void][] = [
    [
      'another format',
      'kp-1m',
      'planetary_k_index_1m.json',
      (b) => (b.format = 'aurora-compact/2'),
    ],
    ['another resource', 'kp-1m', 'planetary_k_index_1m.json', (b) => (b.resource = 'kp-index')],
    [
      'a wrong series product',
      'solar-wind',
      'plasma-7-day.json',
      (b) => (b.series[0].product = 'solar-wind-mag'),
    ],
    ['a missing field', 'solar-wind', 'plasma-7-day.json', (b) => delete b.series[0].fields.speed],
    [
      'an extra field',
      'kp-1m',
      'planetary_k_index_1m.json',
      (b) => (b.series[0].fields.ap = b.series[0].fields.kp!),
    ],
    ['a short column', 'kp-1m', 'planetary_k_index_1m.json', (b) => b.series[0].fields.kp!.pop()],
    [
      'a value as text',
      'kp-1m',
      'planetary_k_index_1m.json',
      (b) => (b.series[0].fields.kp![3] = '4.33'),
    ],
    [
      'NaN written as text',
      'solar-wind',
      'plasma-7-day.json',
      (b) => (b.series[0].fields.speed![0] = 'NaN'),
    ],
    [
      'an impossible value',
      'kp-1m',
      'planetary_k_index_1m.json',
      (b) => (b.series[0].fields.kp![0] = 12),
    ],
    ['times out of order', 'kp-1m', 'planetary_k_index_1m.json', (b) => b.series[0].t.reverse()],
    [
      'a time that is not epoch ms',
      'kp-1m',
      'planetary_k_index_1m.json',
      (b) => (b.series[0].t[0] = '2026-07-09'),
    ],
    [
      'a time in the future',
      'kp-1m',
      'planetary_k_index_1m.json',
      (b) =>
        b.series[0].t.push(NOW + 3_600_000) &&
        Object.values(b.series[0].fields).forEach((c) => c.push(1)),
    ],
    [
      'a data time in the future',
      'kp-1m',
      'planetary_k_index_1m.json',
      (b) => (b.dataTime = NOW + 3_600_000),
    ],
    [
      'an empty batch',
      'kp-1m',
      'planetary_k_index_1m.json',
      (b) => {
        b.series[0].t = [];
        for (const k of Object.keys(b.series[0].fields)) b.series[0].fields[k] = [];
      },
    ],
    [
      'a series in a grid body',
      'aurora-oval',
      'ovation_aurora_latest.json',
      (b) => b.series.push({} as WireSeries),
    ],
    [
      'no grid',
      'aurora-oval',
      'ovation_aurora_latest.json',
      (b) => (b.grids = [] as unknown as Wire['grids']),
    ],
    [
      'a grid cut short',
      'aurora-oval',
      'ovation_aurora_latest.json',
      (b) => (b.grids[0].values = b.grids[0].values.slice(0, 4000)),
    ],
    [
      'bad grid bytes',
      'aurora-oval',
      'ovation_aurora_latest.json',
      (b) => (b.grids[0].values = `${b.grids[0].values.slice(0, -8)}!!!!!!!!`),
    ],
    [
      'an unknown grid encoding',
      'aurora-oval',
      'ovation_aurora_latest.json',
      (b) => (b.grids[0].encoding = 'base64'),
    ],
    [
      'a grid from the future',
      'aurora-oval',
      'ovation_aurora_latest.json',
      (b) => (b.grids[0].observationTime = NOW + 3_600_000),
    ],
    [
      'a grid in a series body',
      'kp-1m',
      'planetary_k_index_1m.json',
      (b) => b.grids.push({} as WireGrid),
    ],
  ];

  it.each(REFUSED)('refuses %s with a reason', (_, resource, file, change) => {
    expect(refusal(resource, tampered(resource, file, change))).toMatch(
      new RegExp(`^${resource}: compact body refused: .+`),
    );
  });

  it('refuses what is not a compact body at all', () => {
    expect(refusal('kp-1m', constructed('planetary_k_index_1m.json'))).toContain(
      'compact body is not an object',
    );
    expect(refusal('kp-1m', '{"format":')).toContain('compact body is not JSON');
    expect(refusal('kp-1m', 'null')).toContain('compact body is not an object');
  });
});
