/**
 * products/noaa-planetary-k-index.json → the 'kp-3h' series. Two shapes are served: the array of
 * arrays with a header row (string values, "2026-02-02 00:00:00.000") and an array of objects
 * (`{"time_tag":"2026-08-27T03:00:00","Kp":5.67,"a_running":40,"station_count":8}`).
 */
import { NormaliseError, ok, type NormaliseOptions, type NormaliseResult } from './result.ts';
import { parseJsonBody } from './parseBody.ts';
import { readTable } from './table.ts';
import { parseSwpcTime } from './swpcTime.ts';
import { KP_RANGE, gScaleFromKp, toNumber } from './values.ts';
import { iso, latestOf, toSeries, type Sample } from './series.ts';
import { LEAD_MS, allBeyondLead, beyondLead } from './leadTime.ts';

export function normaliseKpIndex(body: string, opts: NormaliseOptions): NormaliseResult {
  const parsed = parseJsonBody(body);
  if (!parsed.ok) throw new NormaliseError(parsed.reason);
  const table = readTable(parsed.value, {
    required: ['Kp'],
    optional: ['a_running', 'station_count'],
    aliases: { kp: 'Kp', kp_index: 'Kp', ap: 'a_running' },
  });
  const samples: Sample[] = [];
  let badTimes = 0;
  let futureRows = 0;
  for (const row of table.rows) {
    const t = parseSwpcTime(row.time_tag);
    if (t === null) {
      badTimes++;
      continue;
    }
    if (beyondLead(t, opts.now, LEAD_MS.observation)) {
      futureRows++;
      continue;
    }
    const kp = toNumber(row.Kp, KP_RANGE);
    if (kp === null) continue; // a 3-hour Kp row without Kp says nothing
    samples.push({
      t,
      values: {
        kp,
        ap: toNumber(row.a_running, [0, 500]),
        stations: toNumber(row.station_count, [0, 1000]),
      },
    });
  }
  if (samples.length === 0)
    throw futureRows > 0
      ? allBeyondLead(futureRows, opts.now, LEAD_MS.observation)
      : new NormaliseError('no usable sample (no row has a valid time and Kp)');
  const batch = toSeries('kp-3h', ['kp', 'ap', 'stations'], samples, null);
  const latest = latestOf(batch, 'kp');
  const kps = batch.fields.kp as (number | null)[];
  const maxKp = Math.max(...kps.map((v) => v ?? 0));
  const dataTime = batch.t[batch.t.length - 1] ?? null;
  return ok({
    series: [batch],
    dataTime,
    schemaDrift: table.drift || futureRows > 0,
    summary: {
      records: batch.t.length,
      from: iso(batch.t[0] ?? null),
      to: iso(dataTime),
      latestKp: latest?.value ?? null,
      latestKpTime: iso(latest?.t ?? null),
      latestG: gScaleFromKp(latest?.value ?? null),
      maxKp,
      skippedRows: table.badRows + badTimes,
      futureRows,
      dataAgeMs: dataTime === null ? null : opts.now - dataTime,
    },
  });
}
