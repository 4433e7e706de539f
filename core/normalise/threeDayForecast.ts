/**
 * text/3-day-forecast.txt → the 'three-day-forecast' product: the Kp breakdown (24 three-hour
 * cells with G tags), the greatest observed / expected Kp, the S1+ and R1–R2 / R3+ probability
 * tables and the three rationales. The Kp table is required; the S/R tables missing is drift.
 */
import type { ProductRecord } from '../model.ts';
import { NormaliseError, ok, type NormaliseOptions, type NormaliseResult } from './result.ts';
import {
  paragraphAfter,
  parseDayColumns,
  parseKpTable,
  percentRow,
  readTextProduct,
  type KpCell,
} from './textProduct.ts';
import { toNumber, KP_RANGE } from './values.ts';
import { iso } from './series.ts';
import { refuseBeyondLead } from './leadTime.ts';

export interface ThreeDayForecastData {
  days: number[];
  kp: KpCell[];
  maxKp: number | null;
  maxG: number;
  greatestObservedKp: number | null;
  greatestExpectedKp: number | null;
  solarRadiation: { days: number[]; s1OrGreater: number[] } | null;
  radioBlackout: { days: number[]; r1r2: number[]; r3OrGreater: number[] } | null;
  rationale: {
    geomagnetic: string | null;
    solarRadiation: string | null;
    radioBlackout: string | null;
  };
}

function section(lines: readonly string[], letter: string): [number, number] {
  const start = lines.findIndex((l) => l.startsWith(`${letter}. `));
  if (start < 0) return [0, 0];
  let end = lines.findIndex((l, i) => i > start && /^[A-Z]\. /.test(l));
  if (end < 0) end = lines.length;
  return [start, end];
}

function daysAfter(lines: readonly string[], title: RegExp, issued: number): number[] | null {
  const at = lines.findIndex((l) => title.test(l));
  if (at < 0) return null;
  for (let i = at + 1; i < Math.min(lines.length, at + 4); i++) {
    const days = parseDayColumns(lines[i] ?? '', issued);
    if (days) return days;
  }
  return null;
}

export function normaliseThreeDayForecast(body: string, opts: NormaliseOptions): NormaliseResult {
  const doc = readTextProduct(body, /^3-Day Forecast$/i);
  const { lines, issued } = doc;
  refuseBeyondLead(':Issued:', issued, opts.now);
  const table = parseKpTable(lines, /^NOAA Kp index breakdown/i, issued);
  if (!table || table.days.length !== 3)
    throw new NormaliseError(
      'changed shape: no readable "NOAA Kp index breakdown" table (3 days × 8 rows)',
    );
  const [aStart, aEnd] = section(lines, 'A');
  const [bStart, bEnd] = section(lines, 'B');
  const [cStart, cEnd] = section(lines, 'C');
  const prose = lines.slice(aStart, aEnd).join(' ').replace(/\s+/g, ' ');
  const observed = /greatest observed 3 hr Kp over the past 24 hours was ([\d.]+)/i.exec(prose);
  const expected = /greatest expected 3 hr Kp for .*? is ([\d.]+)/i.exec(prose);
  const sDays = daysAfter(lines, /^Solar Radiation Storm Forecast/i, issued);
  const s1 = percentRow(lines, /^S1 or greater/);
  const rDays = daysAfter(lines, /^Radio Blackout Forecast/i, issued);
  const r12 = percentRow(lines, /^R1-R2/);
  const r3 = percentRow(lines, /^R3 or greater/);
  const solarRadiation = sDays && s1 ? { days: sDays, s1OrGreater: s1 } : null;
  const radioBlackout = rDays && r12 && r3 ? { days: rDays, r1r2: r12, r3OrGreater: r3 } : null;
  const kps = table.cells.map((c) => c.kp).filter((v): v is number => v !== null);
  if (kps.length === 0) throw new NormaliseError('no usable sample (every Kp cell is unreadable)');
  const data: ThreeDayForecastData = {
    days: table.days,
    kp: table.cells,
    maxKp: Math.max(...kps),
    maxG: Math.max(...table.cells.map((c) => c.g)),
    greatestObservedKp: toNumber(observed?.[1], KP_RANGE),
    greatestExpectedKp: toNumber(expected?.[1], KP_RANGE),
    solarRadiation,
    radioBlackout,
    rationale: {
      geomagnetic: paragraphAfter(lines, aStart, aEnd, 'Rationale:'),
      solarRadiation: paragraphAfter(lines, bStart, bEnd, 'Rationale:'),
      radioBlackout: paragraphAfter(lines, cStart, cEnd, 'Rationale:'),
    },
  };
  const product: ProductRecord<ThreeDayForecastData> = {
    id: 'three-day-forecast',
    kind: 'three-day-forecast',
    issued,
    data,
    raw: doc.raw,
  };
  return ok({
    products: [product as ProductRecord],
    dataTime: issued,
    schemaDrift: !solarRadiation || !radioBlackout,
    summary: {
      records: table.cells.length,
      issued: iso(issued),
      from: iso(table.days[0] ?? null),
      to: iso((table.days[table.days.length - 1] ?? 0) + 86_400_000),
      maxKp: data.maxKp,
      maxG: data.maxG,
      greatestObservedKp: data.greatestObservedKp,
      kpByDay: Object.fromEntries(
        table.days.map((d) => [
          iso(d)?.slice(0, 10),
          table.cells.filter((c) => c.start >= d && c.start < d + 86_400_000).map((c) => c.kp),
        ]),
      ),
      s1OrGreater: solarRadiation?.s1OrGreater ?? null,
      r1r2: radioBlackout?.r1r2 ?? null,
      r3OrGreater: radioBlackout?.r3OrGreater ?? null,
      dataAgeMs: opts.now - issued,
    },
  });
}
