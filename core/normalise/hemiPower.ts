/**
 * text/aurora-nowcast-hemi-power.txt → 'hemi-power' (north, south in GW) keyed by observation
 * time. `#` lines are header; data lines are `2024-03-03_00:00  2024-03-03_01:29  23  22`.
 * "(n/a)" is missing. The file restarts at 00:00 UT, so a short file just after midnight is normal.
 */
import { NormaliseError, ok, type NormaliseOptions, type NormaliseResult } from './result.ts';
import { checkText } from './parseBody.ts';
import { parseSwpcTime } from './swpcTime.ts';
import { toNumber } from './values.ts';
import { hasValue, iso, latestOf, toSeries, type Sample } from './series.ts';
import { LEAD_MS, allBeyondLead, beyondLead } from './leadTime.ts';

const GW: readonly [number, number] = [0, 10_000];

export function normaliseHemiPower(body: string, opts: NormaliseOptions): NormaliseResult {
  const text = checkText(body);
  if (!text.ok) throw new NormaliseError(text.reason);
  const lines = text.value.split(/\r?\n|\r/);
  const header = lines.filter((l) => l.startsWith('#')).join('\n');
  if (!/hemispheric/i.test(header))
    throw new NormaliseError('changed shape: no "Hemispheric Power" header');
  const samples: Sample[] = [];
  let skipped = 0;
  let drift = false;
  let lastForecast: number | null = null;
  let futureRows = 0;
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const cols = trimmed.split(/\s+/);
    const observation = parseSwpcTime(cols[0]);
    const forecast = parseSwpcTime(cols[1]);
    if (cols.length < 4 || observation === null) {
      skipped++;
      continue;
    }
    if (beyondLead(observation, opts.now, LEAD_MS.observation)) {
      futureRows++;
      continue;
    }
    if (cols.length > 4) drift = true;
    const values = { north: toNumber(cols[2], GW), south: toNumber(cols[3], GW) };
    if (!hasValue(values)) {
      skipped++;
      continue;
    }
    if (
      forecast !== null &&
      !beyondLead(forecast, opts.now, LEAD_MS.ovationForecast) &&
      (lastForecast === null || forecast > lastForecast)
    )
      lastForecast = forecast;
    samples.push({ t: observation, values });
  }
  if (samples.length === 0)
    throw futureRows > 0
      ? allBeyondLead(futureRows, opts.now, LEAD_MS.observation)
      : new NormaliseError('no usable sample (no data line with a time and a power value)');
  const batch = toSeries('hemi-power', ['north', 'south'], samples, null);
  const north = latestOf(batch, 'north');
  const south = latestOf(batch, 'south');
  const dataTime = batch.t[batch.t.length - 1] as number;
  return ok({
    series: [batch],
    dataTime,
    schemaDrift: drift || futureRows > 0,
    summary: {
      records: batch.t.length,
      from: iso(batch.t[0] ?? null),
      to: iso(dataTime),
      latestNorthGW: north?.value ?? null,
      latestSouthGW: south?.value ?? null,
      latestForecastTime: iso(lastForecast),
      skippedRows: skipped,
      futureRows,
      dataAgeMs: opts.now - dataTime,
    },
  });
}
