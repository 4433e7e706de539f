import { describe, expect, it } from 'vitest';
import { normalise, isSynopticReset } from '../../../../core/normalise/index.ts';
import { decodeKpCode } from '../../../../core/normalise/kp1m.ts';
import type { KpForecastData } from '../../../../core/normalise/index.ts';
import type { SeriesBatch } from '../../../../core/model.ts';
import { NOW } from '../../../support/fixtureFiles.ts';
import { recorded, skipWithoutRecordings } from '../../../support/recordedFixtures.ts';

/** The recordings live in ../shared (not committed): without them these checks skip, saying so. */
const SKIP = skipWithoutRecordings();

function series(
  resource: 'kp-index' | 'kp-1m',
  body: string,
): { batch: SeriesBatch; summary: Record<string, unknown>; drift: boolean } {
  const r = normalise(resource, body, { now: NOW });
  if (!r.ok) throw new Error(r.error);
  return { batch: r.series[0] as SeriesBatch, summary: r.summary, drift: r.schemaDrift };
}

describe.skipIf(SKIP)('planetary Kp (3-hourly)', () => {
  it('reads the array-of-arrays file with its header row, numbers sent as strings', () => {
    const { batch, summary } = series('kp-index', recorded('noaa-planetary-k-index.json'));
    expect(batch.product).toBe('kp-3h');
    expect(batch.t).toHaveLength(62);
    expect(batch.t[0]).toBe(Date.UTC(2026, 1, 2, 0));
    expect(batch.fields.kp?.[0]).toBe(2.33);
    expect(batch.fields.ap?.[0]).toBe(9);
    expect(batch.fields.stations?.[0]).toBe(8);
    expect(summary.latestKp).toBe(2);
    expect(summary.maxKp).toBe(5.33);
  });

  it('reads the array-of-objects shape with numeric values and a T separator', () => {
    const body = JSON.stringify([
      { time_tag: '2026-08-27T00:00:00', Kp: 4.67, a_running: 32, station_count: 8 },
      { time_tag: '2026-08-27T03:00:00', Kp: 5.67, a_running: 40, station_count: 8 },
    ]);
    const { batch, summary, drift } = series('kp-index', body);
    expect(batch.t).toEqual([Date.UTC(2026, 7, 27, 0), Date.UTC(2026, 7, 27, 3)]);
    expect(batch.fields.kp).toEqual([4.67, 5.67]);
    expect(summary.latestG).toBe(2);
    expect(drift).toBe(false);
  });

  it('gives the same series for the file served newest-first', () => {
    const rows = JSON.parse(recorded('noaa-planetary-k-index.json')) as unknown[][];
    const reversed = [rows[0], ...rows.slice(1).reverse()];
    expect(series('kp-index', JSON.stringify(reversed)).batch).toEqual(
      series('kp-index', recorded('noaa-planetary-k-index.json')).batch,
    );
  });

  it('flags an extra column as drift and keeps the known ones', () => {
    const rows = JSON.parse(recorded('noaa-planetary-k-index.json')) as unknown[][];
    const wider = rows.map((r, i) => [...r, i === 0 ? 'quality' : '1']);
    const { batch, drift } = series('kp-index', JSON.stringify(wider));
    expect(drift).toBe(true);
    expect(batch.t).toHaveLength(62);
  });

  it('rejects a file whose Kp column has gone', () => {
    const rows = JSON.parse(recorded('noaa-planetary-k-index.json')) as unknown[][];
    const renamed = [['time_tag', 'kp_value', 'a_running', 'station_count'], ...rows.slice(1)];
    expect(normalise('kp-index', JSON.stringify(renamed), { now: NOW })).toEqual({
      ok: false,
      error: 'kp-index: changed shape: missing column "Kp"',
    });
  });

  it('rejects a header-only file as no data, recognising the header by content', () => {
    expect(
      normalise('kp-index', '[["time_tag","Kp","a_running","station_count"]]', { now: NOW }),
    ).toEqual({ ok: false, error: 'kp-index: no data (the file holds only its header row)' });
  });

  it('rejects a file where every Kp is missing rather than reporting Kp 0', () => {
    expect(
      normalise(
        'kp-index',
        '[["time_tag","Kp","a_running","station_count"],["2026-02-02 00:00:00.000",null,"9","8"]]',
        { now: NOW },
      ),
    ).toMatchObject({ ok: false, error: expect.stringContaining('no usable sample') });
  });
});

describe.skipIf(SKIP)('1-minute estimated Kp', () => {
  it('keeps the data as served, including the drops to 0 at 06:00 and 09:00', () => {
    const { batch, summary } = series('kp-1m', recorded('planetary_k_index_1m.json'));
    expect(batch.product).toBe('kp-1m');
    expect(batch.t).toHaveLength(358);
    const at6 = batch.t.indexOf(Date.UTC(2026, 6, 9, 6, 0));
    expect(batch.fields.kp?.[at6 - 1]).toBe(1);
    expect(batch.fields.kp?.[at6]).toBe(0);
    expect(summary.resetsAt).toEqual(['2026-07-09T06:00:00.000Z', '2026-07-09T09:00:00.000Z']);
    expect(summary.previousPeriodMax).toBe(2.33);
  });

  it('says a minute just after a 3-hour boundary is a reset window and one mid-period is not', () => {
    expect(isSynopticReset(Date.UTC(2026, 6, 9, 6, 0))).toBe(true);
    expect(isSynopticReset(Date.UTC(2026, 6, 9, 21, 14))).toBe(true);
    expect(isSynopticReset(Date.UTC(2026, 6, 9, 7, 30))).toBe(false);
    expect(isSynopticReset(Date.UTC(2026, 6, 9, 5, 59))).toBe(false);
    expect(isSynopticReset(Number.NaN)).toBe(false);
  });

  it('decodes the thirds code when the numeric estimate is missing', () => {
    expect(decodeKpCode('1M')).toBe(0.67);
    expect(decodeKpCode('1Z')).toBe(1);
    expect(decodeKpCode('1P')).toBe(1.33);
    expect(decodeKpCode('9P')).toBeNull();
    const { batch } = series(
      'kp-1m',
      JSON.stringify([{ time_tag: '2026-07-09T04:03:00', kp_index: 1, kp: '1M' }]),
    );
    expect(batch.fields.kp).toEqual([0.67]);
  });
});

describe.skipIf(SKIP)('Kp forecast', () => {
  it('reads observed, estimated and predicted rows with the lower-case kp column', () => {
    const r = normalise('kp-forecast', recorded('noaa-planetary-k-index-forecast.json'), {
      now: NOW,
    });
    if (!r.ok) throw new Error(r.error);
    const data = r.products[0]?.data as KpForecastData;
    expect(r.products[0]?.id).toBe('kp-forecast');
    expect(data.rows).toHaveLength(81);
    expect(r.summary).toMatchObject({ observed: 62, estimated: 2, predicted: 17 });
    expect(r.products[0]?.issued).toBe(Date.UTC(2026, 1, 9, 21));
    const storm = data.rows.find((row) => row.noaaScale !== null);
    // SWPC labels 4.67 as G1 in this very file.
    if (storm) expect(storm.g).toBe(storm.noaaScale);
  });

  it('labels Kp 4.67 as G1 where SWPC wrote G1', () => {
    const body = JSON.stringify([
      ['time_tag', 'kp', 'observed', 'noaa_scale'],
      ['2026-02-05 06:00:00', '4.67', 'observed', 'G1'],
      ['2026-02-05 09:00:00', '3.00', 'predicted', null],
    ]);
    const r = normalise('kp-forecast', body, { now: NOW });
    if (!r.ok) throw new Error(r.error);
    expect((r.products[0]?.data as KpForecastData).rows[0]).toMatchObject({
      kp: 4.67,
      noaaScale: 1,
      g: 1,
      status: 'observed',
    });
  });

  it('flags an unknown status as drift and leaves that row out', () => {
    const body = JSON.stringify([
      ['time_tag', 'kp', 'observed', 'noaa_scale'],
      ['2026-02-05 06:00:00', '2.00', 'observed', null],
      ['2026-02-05 09:00:00', '3.00', 'modelled', null],
    ]);
    const r = normalise('kp-forecast', body, { now: NOW });
    expect(r.ok && r.schemaDrift).toBe(true);
    expect(r.ok && (r.products[0]?.data as KpForecastData).rows).toHaveLength(1);
  });
});
