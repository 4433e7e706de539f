/**
 * text/27-day-outlook.txt → the 'twenty-seven-day-outlook' product: 27 rows of date, F10.7 (sfu),
 * planetary A index and largest Kp (whole numbers), issued weekly.
 */
import type { ProductRecord } from '../model.ts';
import { NormaliseError, ok, type NormaliseOptions, type NormaliseResult } from './result.ts';
import { readTextProduct } from './textProduct.ts';
import { monthNumber, utc } from './swpcTime.ts';
import { gScaleFromKp } from './values.ts';
import { iso } from './series.ts';
import { LEAD_MS, allBeyondLead, beyondLead, refuseBeyondLead } from './leadTime.ts';

interface OutlookDay {
  day: number;
  f107: number;
  ap: number;
  kp: number;
}

export interface TwentySevenDayOutlookData {
  rows: OutlookDay[];
}

const ROW = /^(\d{4})\s+([A-Za-z]{3})\s+(\d{1,2})\s+(\d{1,4})\s+(\d{1,3})\s+(\d{1,2})$/;

export function normaliseTwentySevenDayOutlook(
  body: string,
  opts: NormaliseOptions,
): NormaliseResult {
  const doc = readTextProduct(body, /^27-day Space Weather Outlook/i);
  refuseBeyondLead(':Issued:', doc.issued, opts.now);
  const byDay = new Map<number, OutlookDay>();
  let skipped = 0;
  let futureRows = 0;
  for (const line of doc.lines) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith(':')) continue;
    const m = ROW.exec(trimmed);
    const month = m ? monthNumber(m[2] ?? '') : null;
    const day = m && month !== null ? utc(Number(m[1]), month, Number(m[3])) : null;
    const kp = m ? Number(m[6]) : NaN;
    if (!m || day === null || kp > 9) {
      skipped++;
      continue;
    }
    if (beyondLead(day, opts.now, LEAD_MS.outlook)) {
      futureRows++;
      continue;
    }
    byDay.set(day, { day, f107: Number(m[4]), ap: Number(m[5]), kp });
  }
  const rows = [...byDay.values()].sort((a, b) => a.day - b.day);
  if (rows.length === 0 && futureRows > 0)
    throw allBeyondLead(futureRows, opts.now, LEAD_MS.outlook);
  if (rows.length === 0)
    throw new NormaliseError('no usable sample (no "YYYY Mon DD  flux  A  Kp" rows)');
  const product: ProductRecord<TwentySevenDayOutlookData> = {
    id: 'twenty-seven-day-outlook',
    kind: 'twenty-seven-day-outlook',
    issued: doc.issued,
    data: { rows },
    raw: doc.raw,
  };
  const maxKp = Math.max(...rows.map((r) => r.kp));
  return ok({
    products: [product as ProductRecord],
    dataTime: doc.issued,
    schemaDrift: rows.length !== 27 || skipped > 0 || futureRows > 0,
    summary: {
      records: rows.length,
      issued: iso(doc.issued),
      from: iso(rows[0]?.day ?? null),
      to: iso(rows[rows.length - 1]?.day ?? null),
      maxKp,
      maxG: gScaleFromKp(maxKp),
      maxF107: Math.max(...rows.map((r) => r.f107)),
      maxAp: Math.max(...rows.map((r) => r.ap)),
      skippedRows: skipped,
      futureRows,
      dataAgeMs: opts.now - doc.issued,
    },
  });
}
