import { describe, expect, it } from 'vitest';
import { normalise } from '../../../../core/normalise/index.ts';
import type { SeriesBatch } from '../../../../core/model.ts';
import { NOW } from '../../../support/fixtureFiles.ts';
import { recorded, skipWithoutRecordings } from '../../../support/recordedFixtures.ts';

/** The recordings live in ../shared (not committed): without them these checks skip, saying so. */
const SKIP = skipWithoutRecordings();

function ok(resource: 'solar-wind' | 'magnetic-field', body: string) {
  const r = normalise(resource, body, { now: NOW });
  if (!r.ok) throw new Error(r.error);
  return r;
}

describe.skipIf(SKIP)('solar-wind plasma', { timeout: 60_000 }, () => {
  it('reads the 7-day file with missing values as null, never zero', () => {
    const r = ok('solar-wind', recorded('plasma-7-day.json'));
    const b = r.series[0] as SeriesBatch;
    expect(b.product).toBe('solar-wind-plasma');
    expect(b.source).toBeNull();
    // ["2026-01-12 23:16:00.000","1.53",null,null]
    const i = b.t.indexOf(Date.UTC(2026, 0, 12, 23, 16));
    expect(b.fields.density?.[i]).toBe(1.53);
    expect(b.fields.speed?.[i]).toBeNull();
    expect(b.fields.temperature?.[i]).toBeNull();
    expect(r.summary.emptyRows).toBe(5);
    expect(r.dataTime).toBe(Date.UTC(2026, 0, 19, 23, 7));
  });

  it('does not invent the missing minutes: gaps stay gaps', () => {
    const b = ok('solar-wind', recorded('plasma-7-day.json')).series[0] as SeriesBatch;
    expect(b.t.indexOf(Date.UTC(2026, 0, 12, 23, 14))).toBe(-1);
    expect(b.t.indexOf(Date.UTC(2026, 0, 12, 23, 15))).toBe(-1);
  });

  it('keeps the 107.83 cm⁻³ density spike of 2026-04-18 (real data, not an error)', () => {
    const b = ok('solar-wind', recorded('more/2026-04-18/plasma-7-day.json'))
      .series[0] as SeriesBatch;
    expect(Math.max(...(b.fields.density ?? []).map((v) => v ?? 0))).toBe(107.83);
  });

  it('skips the all-null rows of 2024-05-08 and keeps the rest', () => {
    const r = ok('solar-wind', recorded('2024-05-08/plasma-7-day.json'));
    expect(r.summary.emptyRows).toBe(7);
    expect(r.summary.records).toBe(9545 - 7);
  });

  it('rejects a header-only file as no data', () => {
    expect(
      normalise('solar-wind', recorded('bad/04-header-only-array/plasma-7-day.json'), { now: NOW }),
    ).toEqual({ ok: false, error: 'solar-wind: no data (the file holds only its header row)' });
  });

  it('accepts the rtsw object form and its proton_* names', () => {
    const body = JSON.stringify([
      {
        time_tag: '2026-04-18T14:31:00',
        active: true,
        source: 'DSCOVR',
        proton_speed: 450.2,
        proton_density: 3.1,
        proton_temperature: 90000,
      },
      {
        time_tag: '2026-04-18T14:31:00',
        active: false,
        source: 'ACE',
        proton_speed: 460,
        proton_density: 2.9,
        proton_temperature: 88000,
      },
    ]);
    const r = ok('solar-wind', body);
    expect(r.series).toHaveLength(1);
    expect(r.series[0]).toMatchObject({
      source: 'DSCOVR',
      fields: { speed: [450.2], density: [3.1] },
    });
    expect(r.summary.spacecraft).toBe('DSCOVR');
  });
});

describe.skipIf(SKIP)('solar-wind magnetic field', { timeout: 60_000 }, () => {
  it('reads the storm file with Bz down to −58.44 nT', () => {
    const r = ok('magnetic-field', recorded('mag-7-day.json'));
    const b = r.series[0] as SeriesBatch;
    expect(b.product).toBe('solar-wind-mag');
    expect(Object.keys(b.fields)).toEqual(['bx', 'by', 'bz', 'bt', 'lon', 'lat']);
    expect(r.summary.minBz).toBe(-58.44);
    expect(b.fields.bz?.[0]).toBe(-2.25);
    expect(b.fields.lon?.[0]).toBe(357.04);
  });

  it('reads the 2026-04-18 file, which has no nulls', () => {
    const r = ok('magnetic-field', recorded('more/2026-04-18/mag-7-day.json'));
    expect(r.summary.records).toBe(9777);
    expect(r.summary.minBz).toBe(-14.36);
  });

  it('rejects a file whose every value is null as no valid data, never Bz 0', () => {
    expect(
      normalise('magnetic-field', recorded('bad/05-all-null-rows/mag-7-day.json'), { now: NOW }),
    ).toEqual({
      ok: false,
      error: 'magnetic-field: no valid data (all 30 rows have every value missing)',
    });
  });

  it('keeps only the active spacecraft of the rtsw file (newest first) and records it', () => {
    const r = ok('magnetic-field', recorded('rtsw_mag_1m.json'));
    expect(r.series).toHaveLength(1);
    const b = r.series[0] as SeriesBatch;
    expect(b.source).toBe('ACE');
    expect(b.t).toHaveLength(1412);
    expect(r.summary.inactiveRows).toBe(1438);
    // Ascending although upstream is newest first; the newest minute is 23:35 with ACE's bz_gsm 1.83.
    expect(b.t[b.t.length - 1]).toBe(Date.UTC(2024, 3, 24, 23, 35));
    expect(b.fields.bz?.[b.t.length - 1]).toBe(1.83);
    expect(b.fields.bt?.[b.t.length - 1]).toBe(3.5);
    for (let i = 1; i < b.t.length; i++) expect(b.t[i]).toBeGreaterThan(b.t[i - 1] as number);
    expect(r.schemaDrift).toBe(false);
  });

  it('splits the samples by spacecraft when SWPC switched the active one inside the window', () => {
    const body = JSON.stringify([
      {
        time_tag: '2024-04-24T23:35:00',
        active: true,
        source: 'DSCOVR',
        bt: 4,
        bx_gsm: 1,
        by_gsm: 1,
        bz_gsm: -3,
        theta_gsm: -40,
        phi_gsm: 45,
      },
      {
        time_tag: '2024-04-24T23:35:00',
        active: false,
        source: 'ACE',
        bt: 3.5,
        bx_gsm: 2,
        by_gsm: 2,
        bz_gsm: 1,
        theta_gsm: 30,
        phi_gsm: 40,
      },
      {
        time_tag: '2024-04-24T23:34:00',
        active: false,
        source: 'DSCOVR',
        bt: 4,
        bx_gsm: 1,
        by_gsm: 1,
        bz_gsm: -2,
        theta_gsm: -30,
        phi_gsm: 45,
      },
      {
        time_tag: '2024-04-24T23:34:00',
        active: true,
        source: 'ACE',
        bt: 3.4,
        bx_gsm: 2,
        by_gsm: 2,
        bz_gsm: 1.2,
        theta_gsm: 30,
        phi_gsm: 40,
      },
    ]);
    const r = ok('magnetic-field', body);
    expect(r.series.map((s) => [s.source, s.t.length])).toEqual([
      ['ACE', 1],
      ['DSCOVR', 1],
    ]);
    expect(r.summary).toMatchObject({ latestBz: -3, spacecraft: 'DSCOVR' });
  });

  it('gives the same series when the products file is served newest-first', () => {
    const rows = JSON.parse(recorded('more/2026-04-18/mag-7-day.json')) as unknown[][];
    const reversed = JSON.stringify([rows[0], ...rows.slice(1).reverse()]);
    expect(ok('magnetic-field', reversed).series).toEqual(
      ok('magnetic-field', recorded('more/2026-04-18/mag-7-day.json')).series,
    );
  });

  it('rejects a file whose bz column was renamed (changed shape)', () => {
    const body =
      '[["time_tag","bx_gsm","by_gsm","bz","lon_gsm","lat_gsm","bt"],["2026-01-12 23:12:00.000","5.87","-0.30","-2.25","357.04","-20.97","6.29"]]';
    expect(normalise('magnetic-field', body, { now: NOW })).toEqual({
      ok: false,
      error: 'magnetic-field: changed shape: missing column "bz_gsm"',
    });
  });
});
