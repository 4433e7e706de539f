// RxDB's real Dexie storage on fake-indexeddb, filled as the poller leaves it after 90 days.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, removeDatabase, type AuroraDatabase } from '../../../../sync/database.ts';
import { applyRetention } from '../../../../sync/retention.ts';
import { readSeriesColumns } from '../../../../sync/read/readSeriesColumns.ts';
import { concatChunks } from '../../../../sync/read/seriesColumns.ts';
import { writeSeries } from '../../../../sync/write.ts';

const MIN = 60_000;
const DAY = 86_400_000;
/** The last poll: mid-afternoon, so a 7-day window starts and ends inside a UTC day. */
const NOW = Date.UTC(2026, 10, 27, 14, 37);
const FIRST_DAY = Date.UTC(2026, 10, 27) - 89 * DAY;

/** Values that say which minute they belong to. */
const speed = (t: number) => 300 + ((t / MIN) % 500);
const bz = (t: number) => ((t / MIN) % 41) - 20;

function minutes(from: number, to: number): number[] {
  const t: number[] = [];
  for (let x = from; x <= to; x += MIN) t.push(x);
  return t;
}

let db: AuroraDatabase;

beforeAll(async () => {
  db = await openDatabase({
    storage: 'dexie',
    name: `read-90d-${process.pid}-${Date.now()}`,
    multiInstance: false,
  });
  // One poll a day, each bringing its UTC day, with retention after it (as the poller runs it);
  // the last day up to NOW. One day's magnetometer sent no Bt at all.
  for (let day = FIRST_DAY; day <= NOW; day += DAY) {
    const last = Math.min(day + DAY - MIN, NOW);
    const t = minutes(day, last);
    await writeSeries(
      db,
      { product: 'solar-wind-plasma', t, fields: { speed: t.map(speed) }, source: 'DSCOVR' },
      { fetchedAt: last },
    );
    const noBt = day === NOW - (NOW % DAY) - 3 * DAY;
    await writeSeries(
      db,
      {
        product: 'solar-wind-mag',
        t,
        fields: noBt ? { bz: t.map(bz) } : { bz: t.map(bz), bt: t.map((x) => Math.abs(bz(x))) },
        source: 'DSCOVR',
      },
      { fetchedAt: last },
    );
    await applyRetention(db, last);
  }
}, 120_000);

afterAll(async () => {
  await removeDatabase(db);
});

describe('the 7-day solar-wind read on a store written for 90 days', () => {
  it('returns every minute of the window in order, both edges included, nothing outside it', async () => {
    const range = { from: NOW - 7 * DAY, to: NOW - 30 * MIN };
    const plasma = await readSeriesColumns(db, 'solar-wind-plasma', range);
    expect(plasma.t).toEqual(minutes(range.from, range.to));
    expect(plasma.fields).toEqual({ speed: minutes(range.from, range.to).map(speed) });
    expect(plasma.source).toBe('DSCOVR');
  });

  it('leaves out the minute just before and just after the window', async () => {
    const range = { from: NOW - 7 * DAY + 1, to: NOW - 30 * MIN - 1 };
    const mag = await readSeriesColumns(db, 'solar-wind-mag', range);
    expect(mag.t[0]).toBe(NOW - 7 * DAY + MIN);
    expect(mag.t.at(-1)).toBe(NOW - 31 * MIN);
    expect(mag.t).toHaveLength(7 * 1440 - 31);
    expect(mag.fields.bz).toEqual(mag.t.map(bz));
  });

  it('shows a field one day did not send as gaps on that day only', async () => {
    const mag = await readSeriesColumns(db, 'solar-wind-mag', { from: NOW - 7 * DAY, to: NOW });
    const gapDay = NOW - (NOW % DAY) - 3 * DAY;
    const bt = mag.fields.bt!;
    expect(bt).toHaveLength(mag.t.length);
    mag.t.forEach((t, i) =>
      expect(bt[i]).toBe(t >= gapDay && t < gapDay + DAY ? null : Math.abs(bz(t))),
    );
  });

  it('keeps 30 days of the series after 90 days of polling, read whole through the index', async () => {
    const all = await readSeriesColumns(db, 'solar-wind-plasma', { from: 0, to: NOW });
    const oldestKept = NOW - (NOW % DAY) - 30 * DAY;
    expect(all.t).toEqual(minutes(oldestKept, NOW));
    expect(all.fields.speed).toEqual(all.t.map(speed));
    expect(await db.series.count().exec()).toBe(2 * 31);
  });
});

describe('concatChunks', () => {
  it('copies the chunks’ columns: changing what it returns leaves the chunks as they were', () => {
    const chunk = { t: [1, 2, 3], fields: { bz: [4, null, 6] } };
    const out = concatChunks([chunk], { from: 0, to: 10 });
    out.t[0] = 99;
    out.fields.bz![0] = 99;
    expect(chunk).toEqual({ t: [1, 2, 3], fields: { bz: [4, null, 6] } });
  });

  it('pads a column shorter than its chunk’s times with gaps', () => {
    const out = concatChunks(
      [
        { t: [1, 2, 3], fields: { bz: [4] } },
        { t: [5, 6], fields: { bz: [7, 8], bt: [9, 10] } },
      ],
      { from: 2, to: 6 },
    );
    expect(out).toEqual({
      t: [2, 3, 5, 6],
      fields: { bt: [null, null, 9, 10], bz: [null, null, 7, 8] },
    });
  });
});
