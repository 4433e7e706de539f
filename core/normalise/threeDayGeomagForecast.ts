/**
 * text/3-day-geomag-forecast.txt → the 'three-day-geomag-forecast' product: observed / estimated /
 * predicted Ap, the activity probabilities (Active, Minor, Moderate, Strong-Extreme storm, per
 * day) and the Kp forecast table (no G tags upstream: we derive them from Kp).
 */
import type { ProductRecord } from '../model.ts';
import { NormaliseError, ok, type NormaliseOptions, type NormaliseResult } from './result.ts';
import { parseKpTable, readTextProduct, type KpCell } from './textProduct.ts';
import { dayNearest } from './swpcTime.ts';
import { iso } from './series.ts';
import { refuseBeyondLead } from './leadTime.ts';

interface ApValue {
  day: number;
  ap: number;
}

export interface ThreeDayGeomagForecastData {
  observedAp: ApValue | null;
  estimatedAp: ApValue | null;
  predictedAp: ApValue[];
  probabilities: {
    days: number[];
    active: number[];
    minorStorm: number[];
    moderateStorm: number[];
    strongExtremeStorm: number[];
  } | null;
  days: number[];
  kp: KpCell[];
  maxKp: number | null;
  maxG: number;
}

function apLine(lines: readonly string[], label: string, issued: number): ApValue | null {
  const re = new RegExp(`^${label} Ap (\\d{1,2}) ([A-Za-z]{3}) (\\d{1,3})$`);
  for (const l of lines) {
    const m = re.exec(l.trim());
    if (!m) continue;
    const day = dayNearest(m[2] ?? '', Number(m[1]), issued);
    return day === null ? null : { day, ap: Number(m[3]) };
  }
  return null;
}

function predictedAp(lines: readonly string[], issued: number): ApValue[] {
  for (const l of lines) {
    const m =
      /^Predicted Ap (\d{1,2}) ([A-Za-z]{3})-(\d{1,2}) ([A-Za-z]{3}) ((?:\d{1,3}-){2}\d{1,3})$/.exec(
        l.trim(),
      );
    if (!m) continue;
    const first = dayNearest(m[2] ?? '', Number(m[1]), issued);
    if (first === null) return [];
    return (m[5] ?? '').split('-').map((v, i) => ({ day: first + i * 86_400_000, ap: Number(v) }));
  }
  return [];
}

const DAY = 86_400_000;

/**
 * The probability table's own three days, from its title ("NOAA Geomagnetic Activity Probabilities
 * 15 Sep-17 Sep"); null when the title is missing or does not span three days.
 */
function probabilityDays(lines: readonly string[], issued: number): number[] | null {
  for (const l of lines) {
    const m =
      /^NOAA Geomagnetic Activity Probabilities (\d{1,2}) ([A-Za-z]{3}) ?- ?(\d{1,2}) ([A-Za-z]{3})$/.exec(
        l.trim(),
      );
    if (!m) continue;
    const first = dayNearest(m[2] ?? '', Number(m[1]), issued);
    const last = dayNearest(m[4] ?? '', Number(m[3]), issued);
    if (first === null || last === null || last - first !== 2 * DAY) return null;
    return [first, first + DAY, first + 2 * DAY];
  }
  return null;
}

function probRow(lines: readonly string[], label: string): number[] | null {
  const re = new RegExp(`^${label}\\s+(\\d{1,3})/(\\d{1,3})/(\\d{1,3})$`);
  for (const l of lines) {
    const m = re.exec(l.trim());
    if (m) {
      const v = [Number(m[1]), Number(m[2]), Number(m[3])];
      return v.every((x) => x <= 100) ? v : null;
    }
  }
  return null;
}

export function normaliseThreeDayGeomagForecast(
  body: string,
  opts: NormaliseOptions,
): NormaliseResult {
  const doc = readTextProduct(body, /^Geomagnetic Forecast$/i);
  const { lines, issued } = doc;
  refuseBeyondLead(':Issued:', issued, opts.now);
  const table = parseKpTable(lines, /^NOAA Kp index forecast/i, issued);
  if (!table || table.days.length !== 3)
    throw new NormaliseError(
      'changed shape: no readable "NOAA Kp index forecast" table (3 days × 8 rows)',
    );
  const active = probRow(lines, 'Active');
  const minor = probRow(lines, 'Minor storm');
  const moderate = probRow(lines, 'Moderate storm');
  const strong = probRow(lines, 'Strong-Extreme storm');
  // The table's own dates, not the Kp table's: each table is read for the days it names.
  const probDays = probabilityDays(lines, issued);
  const probabilities =
    active && minor && moderate && strong
      ? {
          days: probDays ?? table.days,
          active,
          minorStorm: minor,
          moderateStorm: moderate,
          strongExtremeStorm: strong,
        }
      : null;
  const observedAp = apLine(lines, 'Observed', issued);
  const estimatedAp = apLine(lines, 'Estimated', issued);
  const predicted = predictedAp(lines, issued);
  const kps = table.cells.map((c) => c.kp).filter((v): v is number => v !== null);
  if (kps.length === 0) throw new NormaliseError('no usable sample (every Kp cell is unreadable)');
  const data: ThreeDayGeomagForecastData = {
    observedAp,
    estimatedAp,
    predictedAp: predicted,
    probabilities,
    days: table.days,
    kp: table.cells,
    maxKp: Math.max(...kps),
    maxG: Math.max(...table.cells.map((c) => c.g)),
  };
  const product: ProductRecord<ThreeDayGeomagForecastData> = {
    id: 'three-day-geomag-forecast',
    kind: 'three-day-geomag-forecast',
    issued,
    data,
    raw: doc.raw,
  };
  return ok({
    products: [product as ProductRecord],
    dataTime: issued,
    schemaDrift:
      !probabilities || !probDays || !observedAp || !estimatedAp || predicted.length !== 3,
    summary: {
      records: table.cells.length,
      issued: iso(issued),
      from: iso(table.days[0] ?? null),
      to: iso((table.days[table.days.length - 1] ?? 0) + 86_400_000),
      maxKp: data.maxKp,
      maxG: data.maxG,
      kpByDay: Object.fromEntries(
        table.days.map((d) => [
          iso(d)?.slice(0, 10),
          table.cells.filter((c) => c.start >= d && c.start < d + 86_400_000).map((c) => c.kp),
        ]),
      ),
      observedAp: observedAp?.ap ?? null,
      estimatedAp: estimatedAp?.ap ?? null,
      predictedAp: predicted.map((p) => p.ap),
      strongExtremeStorm: probabilities?.strongExtremeStorm ?? null,
      dataAgeMs: opts.now - issued,
    },
  });
}
