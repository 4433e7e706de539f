/**
 * Times too far ahead and instrument fill values (issue 11 item 5). A row dated in the future
 * (a clock fault, 9999-12-31) would make a feed read "fresh" forever; -9999.9 nT would read as
 * the strongest southward Bz ever seen. Real fixtures, with one crafted row each.
 */
import { describe, expect, it } from 'vitest';
import {
  normalise,
  type NormaliseOk,
  type NormaliseResult,
} from '../../../../core/normalise/index.ts';
import { CLOCK_SKEW_MS, LEAD_MS } from '../../../../core/normalise/leadTime.ts';
import type { Resource } from '../../../../core/model.ts';
import { handwritten } from '../../../support/fixtureFiles.ts';
import { recorded, skipWithoutRecordings } from '../../../support/recordedFixtures.ts';

/** The recordings live in ../shared (not committed): without them these checks skip, saying so. */
const SKIP = skipWithoutRecordings();

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

function accepted(r: NormaliseResult): NormaliseOk {
  if (!r.ok) throw new Error(r.error);
  return r;
}

/** The real array-of-arrays file with `rows` appended. */
function withRows(file: string, rows: unknown[][]): string {
  return JSON.stringify([...(JSON.parse(recorded(file)) as unknown[][]), ...rows]);
}

function allSeriesTimes(r: NormaliseOk): number[] {
  return r.series.flatMap((s) => s.t);
}

describe.skipIf(SKIP)('observations dated after now', () => {
  // Each real file's own newest time is "now", so nothing real is beyond the allowance.
  const cases: [Resource, string, number, (future: string) => string][] = [
    [
      'kp-index',
      'noaa-planetary-k-index.json',
      Date.UTC(2026, 1, 9, 15, 30),
      (t) => withRows('noaa-planetary-k-index.json', [[t, '9.00', '400', '8']]),
    ],
    [
      'solar-wind',
      'plasma-7-day.json',
      Date.UTC(2026, 0, 19, 23, 10),
      (t) => withRows('plasma-7-day.json', [[t, '99.0', '2999.0', '9999999']]),
    ],
    [
      'magnetic-field',
      'mag-7-day.json',
      Date.UTC(2026, 0, 19, 23, 10),
      (t) => withRows('mag-7-day.json', [[t, '1.0', '1.0', '-99.0', '1.0', '1.0', '99.0']]),
    ],
    [
      'kp-1m',
      'planetary_k_index_1m.json',
      Date.UTC(2026, 6, 9, 10, 1),
      (t) =>
        JSON.stringify([
          ...(JSON.parse(recorded('planetary_k_index_1m.json')) as unknown[]),
          { time_tag: t.replace(' ', 'T').slice(0, 19), kp_index: 9, estimated_kp: 9, kp: '9Z' },
        ]),
    ],
    [
      'aurora-nowcast-hemi-power',
      'aurora-nowcast-hemi-power.txt',
      Date.UTC(2024, 2, 3, 15, 20),
      (t) =>
        `${recorded('aurora-nowcast-hemi-power.txt').trimEnd()}\n${t.slice(0, 16).replace(' ', '_')}    ${t.slice(0, 16).replace(' ', '_')}     999     999\n`,
    ],
  ];

  it.each(cases)(
    '%s: drops a row dated 9999-12-31, reports it, and keeps the real data time',
    (resource, file, now, craft) => {
      const real = accepted(normalise(resource, recorded(file), { now }));
      const crafted = accepted(normalise(resource, craft('9999-12-31 21:00:00.000'), { now }));
      expect(crafted.dataTime).toBe(real.dataTime);
      expect(allSeriesTimes(crafted)).toEqual(allSeriesTimes(real));
      expect(crafted.series).toEqual(real.series);
      expect(crafted.summary.futureRows).toBe(1);
      expect(real.summary.futureRows).toBe(0);
      expect(crafted.schemaDrift).toBe(true);
    },
  );

  it.each(cases)(
    '%s: drops a row 11 minutes ahead but keeps one 9 minutes ahead (clock skew)',
    (resource, _file, now, craft) => {
      const at = (ms: number) =>
        new Date(Math.floor((now + ms) / MIN) * MIN).toISOString().replace('T', ' ').slice(0, 19) +
        '.000';
      expect(accepted(normalise(resource, craft(at(11 * MIN)), { now })).summary.futureRows).toBe(
        1,
      );
      const skewed = accepted(normalise(resource, craft(at(9 * MIN)), { now }));
      expect(skewed.summary.futureRows).toBe(0);
      expect(skewed.dataTime).toBe(Math.floor((now + 9 * MIN) / MIN) * MIN);
    },
  );

  it('refuses a body whose every row is in the future, so the last good data stays', () => {
    const future = JSON.stringify([
      ['time_tag', 'Kp', 'a_running', 'station_count'],
      ['9999-12-31 00:00:00.000', '5.00', '48', '8'],
      ['9999-12-31 03:00:00.000', '6.00', '80', '8'],
    ]);
    expect(normalise('kp-index', future, { now: Date.UTC(2026, 10, 22) })).toEqual({
      ok: false,
      error:
        'kp-index: no usable sample (all 2 dated rows are more than 10 min after now, 2026-11-22T00:00:00.000Z)',
    });
    const mag = JSON.stringify([
      ['time_tag', 'bx_gsm', 'by_gsm', 'bz_gsm', 'lon_gsm', 'lat_gsm', 'bt'],
      ['9999-12-31 00:00:00.000', '1', '1', '-20', '1', '1', '20'],
    ]);
    expect(normalise('magnetic-field', mag, { now: Date.UTC(2026, 10, 22) })).toMatchObject({
      ok: false,
      error: expect.stringContaining('more than 10 min after now'),
    });
  });

  it('observed solar cycle: drops a month that has not begun', () => {
    const rows = JSON.parse(recorded('observed-solar-cycle-indices.json')) as Record<
      string,
      unknown
    >[];
    const now = Date.UTC(2024, 11, 1);
    const body = JSON.stringify([...rows, { ...rows[rows.length - 1], 'time-tag': '9999-12' }]);
    const r = accepted(normalise('observed-solar-cycle', body, { now }));
    expect(r.dataTime).toBe(Date.UTC(2024, 10, 1));
    expect(r.summary.futureRows).toBe(1);
  });
});

describe.skipIf(SKIP)('products with an issue time after now', () => {
  it.each([
    ['three-day-forecast', '3-day-forecast.txt'],
    ['three-day-geomag-forecast', '3-day-geomag-forecast.txt'],
    ['twenty-seven-day-outlook', '27-day-outlook.txt'],
  ] as const)('%s: refuses the whole bulletin', (resource, file) => {
    const body = recorded(file).replace(/^:Issued: .*$/m, ':Issued: 9999 Dec 31 1230 UTC');
    expect(normalise(resource, body, { now: Date.UTC(2026, 10, 22) })).toEqual({
      ok: false,
      error: `${resource}: :Issued: 9999-12-31T12:30:00.000Z is more than 10 min after now (2026-11-22T00:00:00.000Z)`,
    });
    expect(normalise(resource, recorded(file), { now: Date.UTC(2026, 10, 22) }).ok).toBe(true);
  });

  it('alerts and ICAO advisories: drop a bulletin issued in the future, keep the rest', () => {
    const now = Date.UTC(2026, 6, 5);
    const alerts = JSON.parse(handwritten('alerts.json')) as Record<string, unknown>[];
    const withFuture = JSON.stringify([
      ...alerts,
      { ...alerts[0], issue_datetime: '9999-12-31 00:00:00.000' },
    ]);
    const real = accepted(normalise('alerts', handwritten('alerts.json'), { now }));
    const crafted = accepted(normalise('alerts', withFuture, { now }));
    expect(crafted.products.map((p) => p.id)).toEqual(real.products.map((p) => p.id));
    expect(crafted.dataTime).toBe(real.dataTime);
    expect(crafted.summary.futureItems).toBe(1);
    expect(
      normalise(
        'alerts',
        JSON.stringify([{ ...alerts[0], issue_datetime: '9999-12-31 00:00:00.000' }]),
        { now },
      ),
    ).toMatchObject({
      ok: false,
      error: expect.stringContaining('1 issued more than 10 min after now'),
    });

    // The second hand-written advisory is dated 2026-12-31: in July it is from the future.
    const icao = accepted(
      normalise('icao-advisories', handwritten('icao-advisories.txt'), { now }),
    );
    expect(icao.products).toHaveLength(1);
    expect(icao.summary.futureItems).toBe(1);
    expect(icao.dataTime).toBe(Date.UTC(2026, 6, 4, 6));
  });

  it('SDO images: drops an image stamped in the future', () => {
    const now = Date.UTC(2026, 10, 22, 5);
    const images = JSON.parse(handwritten('sdo-images.json')) as Record<string, unknown>[];
    const body = JSON.stringify(
      images.map((img, i) => (i === 0 ? { ...img, time: 'Fri, 31 Dec 9999 23:59:59 GMT' } : img)),
    );
    const r = accepted(normalise('sdo-images', body, { now }));
    expect(r.summary.futureImages).toBe(1);
    expect(r.summary.channels).not.toContain(images[0]!.channel);
    expect(r.dataTime).toBeLessThanOrEqual(now);
  });
});

describe.skipIf(SKIP)('forecasts: their own horizon', () => {
  const ovation = (observation: string, forecast: string) =>
    recorded('ovation_aurora_latest.json')
      .replace('"Observation Time": "2024-03-03T15:07:00Z"', `"Observation Time": "${observation}"`)
      .replace('"Forecast Time": "2024-03-03T16:20:00Z"', `"Forecast Time": "${forecast}"`);

  it('aurora oval: keeps the real file, refuses an observation in the future or a forecast beyond its lead', () => {
    const now = Date.UTC(2024, 2, 3, 15, 10);
    expect(ovation('2024-03-03T15:08:00Z', '2024-03-03T16:21:00Z')).toContain(
      '"Observation Time": "2024-03-03T15:08:00Z", "Forecast Time": "2024-03-03T16:21:00Z"',
    );
    expect(
      normalise('aurora-oval', ovation('2024-03-03T15:07:00Z', '2024-03-03T16:20:00Z'), { now }).ok,
    ).toBe(true);
    expect(
      normalise('aurora-oval', ovation('9999-12-31T00:00:00Z', '9999-12-31T01:00:00Z'), { now }),
    ).toMatchObject({
      ok: false,
      error: expect.stringContaining(
        '"Observation Time" 9999-12-31T00:00:00.000Z is more than 10 min after now',
      ),
    });
    expect(
      normalise('aurora-oval', ovation('2024-03-03T15:07:00Z', '2024-03-03T19:00:00Z'), { now }),
    ).toMatchObject({
      ok: false,
      error: expect.stringContaining(
        '"Forecast Time" 2024-03-03T19:00:00.000Z is more than 100 min after now',
      ),
    });
  });

  it('Kp forecast: keeps predictions up to 4 days ahead and estimates for the rest of the day, drops beyond', () => {
    const real = recorded('noaa-planetary-k-index-forecast.json');
    const now = Date.UTC(2026, 1, 9, 15, 30);
    const base = accepted(normalise('kp-forecast', real, { now }));
    expect(base.summary.futureRows).toBe(0);
    expect(base.summary.estimated).toBe(2); // 18:00 and 21:00: SWPC estimates ahead within the day
    const rows = JSON.parse(real) as unknown[][];
    const crafted = JSON.stringify([
      ...rows,
      ['2026-02-20 00:00:00', '9.00', 'predicted', 'G5'],
      ['2026-02-10 12:00:00', '9.00', 'observed', 'G5'],
      ['9999-12-31 00:00:00', '9.00', 'estimated', null],
    ]);
    const r = accepted(normalise('kp-forecast', crafted, { now }));
    expect(r.summary.futureRows).toBe(3);
    expect(r.products).toEqual(base.products);
    expect(r.dataTime).toBe(base.dataTime);
  });

  it('27-day outlook: drops a day beyond 28 days ahead', () => {
    const now = Date.UTC(2025, 2, 24, 3);
    const body = `${recorded('27-day-outlook.txt').trimEnd()}\n2025 May 30     170           5          2\n`;
    const r = accepted(normalise('twenty-seven-day-outlook', body, { now }));
    expect(r.summary.futureRows).toBe(1);
    expect(r.summary.records).toBe(27);
  });

  it('predicted solar cycle: keeps the real prediction to 2040, drops a month decades beyond', () => {
    const now = Date.UTC(2023, 10, 11);
    const rows = JSON.parse(recorded('predicted-solar-cycle.json')) as Record<string, unknown>[];
    expect(
      accepted(normalise('predicted-solar-cycle', recorded('predicted-solar-cycle.json'), { now }))
        .summary.futureRows,
    ).toBe(0);
    const r = accepted(
      normalise(
        'predicted-solar-cycle',
        JSON.stringify([...rows, { ...rows[0], 'time-tag': '2099-01' }]),
        { now },
      ),
    );
    expect(r.summary.futureRows).toBe(1);
    expect(r.summary.to).toBe('2040-12-01T00:00:00.000Z');
  });

  it('names the horizons it uses', () => {
    expect(CLOCK_SKEW_MS).toBe(10 * MIN);
    expect(LEAD_MS.kpForecast).toBe(4 * DAY);
    expect(LEAD_MS.outlook).toBe(28 * DAY);
  });
});

describe.skipIf(SKIP)('magnetic-field fill values', () => {
  it('reads -9999.9, -9999 and -999.9 nT as missing, never as a reading', () => {
    const now = Date.UTC(2026, 0, 19, 23, 10);
    const real = accepted(normalise('magnetic-field', recorded('mag-7-day.json'), { now }));
    const body = withRows('mag-7-day.json', [
      ['2026-01-19 23:09:00.000', '-9999.9', '-9999.9', '-9999.9', '-9999.9', '-9999.9', '-9999.9'],
      ['2026-01-19 23:10:00.000', '2.0', '-999.9', '-9999', '180.0', '10.0', '-9999'],
    ]);
    const r = accepted(normalise('magnetic-field', body, { now }));
    const [batch] = r.series;
    const at = (t: number) => batch!.t.indexOf(t);
    // The all-fill row is an empty row, not a sample; the partial one keeps only its real values.
    expect(at(Date.UTC(2026, 0, 19, 23, 9))).toBe(-1);
    const i = at(Date.UTC(2026, 0, 19, 23, 10));
    expect(
      Object.fromEntries(Object.entries(batch!.fields).map(([k, col]) => [k, col[i]])),
    ).toEqual({ bx: 2, by: null, bz: null, bt: null, lon: 180, lat: 10 });
    expect(r.summary.minBz).toBe(real.summary.minBz);
    expect(r.summary.latestBz).toBe(real.summary.latestBz);
    expect(r.summary.fillValues).toBe(9);
    expect(r.summary.emptyRows).toBe((real.summary.emptyRows as number) + 1);
  });

  it('keeps real strong values: -50 nT Bz and a 99999 K temperature are measurements', () => {
    const now = Date.UTC(2026, 0, 19, 23, 10);
    const mag = accepted(
      normalise(
        'magnetic-field',
        withRows('mag-7-day.json', [
          ['2026-01-19 23:10:00.000', '1.0', '1.0', '-50.0', '1.0', '1.0', '50.0'],
        ]),
        { now },
      ),
    );
    expect(mag.summary.latestBz).toBe(-50);
    const plasma = accepted(
      normalise(
        'solar-wind',
        withRows('plasma-7-day.json', [['2026-01-19 23:10:00.000', '5.0', '400.0', '99999']]),
        { now },
      ),
    );
    expect(plasma.series[0]!.fields.temperature!.at(-1)).toBe(99999);
  });
});
