/**
 * GFZ Potsdam's Kp web service (https://kp.gfz-potsdam.de/app/json/?start=…&end=…&index=Kp) →
 * the 'kp-gfz' series: the official planetary Kp, back to 1932, CC BY 4.0 ("GFZ German Research
 * Centre for Geosciences" as the data source). Format as GFZ documents it
 * (https://kp.gfz-potsdam.de/app/format/json.txt): an object with `meta` (licence, source),
 * `datetime` (ISO 8601 start of each 3-hour interval, "2022-01-01T03:00:00Z"), the index named
 * as asked (`Kp`: 0, 0.333, … 9) and, for Kp, `status` per value: "def" definitive or "pre"
 * preliminary (nowcast; "now"/"nowcast" are read the same). A definitive value never changes;
 * a nowcast one is replaced when GFZ publishes the definitive index, so the status is kept:
 * field `status` 2 = definitive, 1 = nowcast (0 marks a constructed replay, set by the worker).
 */
import { NormaliseError, ok, type NormaliseOptions, type NormaliseResult } from './result.ts';
import { parseJsonBody } from './parseBody.ts';
import { KP_RANGE, toNumber } from './values.ts';
import { iso, toSeries, type Sample } from './series.ts';
import { LEAD_MS, allBeyondLead, beyondLead } from './leadTime.ts';

const PERIOD_MS = 3 * 3_600_000;
/** GFZ's status words → the stored code. */
const STATUS: Record<string, number> = { def: 2, pre: 1, now: 1, nowcast: 1 };
/** What GFZ publishes under (its json.txt): anything else is noted as drift. */
const LICENSE = 'CC BY 4.0';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function normaliseKpGfz(body: string, opts: NormaliseOptions): NormaliseResult {
  const parsed = parseJsonBody(body);
  if (!parsed.ok) throw new NormaliseError(parsed.reason);
  const doc = parsed.value;
  if (!isObject(doc)) throw new NormaliseError('changed shape: not a JSON object');
  const times = doc.datetime;
  const values = doc.Kp;
  if (!Array.isArray(times) || !Array.isArray(values))
    throw new NormaliseError('changed shape: no "datetime" and "Kp" lists');
  if (times.length !== values.length)
    throw new NormaliseError(
      `changed shape: ${times.length} times against ${values.length} Kp values`,
    );
  const statuses = Array.isArray(doc.status) ? doc.status : null;
  const meta = isObject(doc.meta) ? doc.meta : isObject(doc.metadata) ? doc.metadata : null;
  let drift =
    statuses === null ||
    statuses.length !== times.length ||
    meta === null ||
    (typeof meta.license === 'string' && meta.license !== LICENSE);
  const known = new Set(['meta', 'metadata', 'datetime', 'Kp', 'status']);
  if (Object.keys(doc).some((k) => !known.has(k))) drift = true;

  const samples: Sample[] = [];
  let skipped = 0;
  let badTimes = 0;
  let futureRows = 0;
  let definitive = 0;
  times.forEach((raw, i) => {
    const t = typeof raw === 'string' && /Z$/.test(raw) ? Date.parse(raw) : NaN;
    if (!Number.isFinite(t) || t % PERIOD_MS !== 0) {
      badTimes++;
      return;
    }
    if (beyondLead(t, opts.now, LEAD_MS.observation)) {
      futureRows++;
      return;
    }
    // GFZ fills a missing value with −1 when asked to: missing, never 0.
    const kp = toNumber(values[i], KP_RANGE);
    const word = statuses?.[i];
    const status = typeof word === 'string' ? (STATUS[word.trim().toLowerCase()] ?? null) : null;
    if (status === null) drift = true;
    if (kp === null) {
      skipped++;
      return;
    }
    if (status === 2) definitive++;
    samples.push({ t, values: { kp, status } });
  });
  if (samples.length === 0)
    throw futureRows > 0
      ? allBeyondLead(futureRows, opts.now, LEAD_MS.observation)
      : new NormaliseError('no usable sample (no value has a 3-hour start time and a Kp)');
  const batch = toSeries('kp-gfz', ['kp', 'status'], samples, null);
  const dataTime = batch.t[batch.t.length - 1] ?? null;
  return ok({
    series: [batch],
    dataTime,
    schemaDrift: drift || futureRows > 0 || badTimes > 0,
    summary: {
      records: batch.t.length,
      from: iso(batch.t[0] ?? null),
      to: iso(dataTime),
      definitive,
      nowcast: batch.t.length - definitive,
      skippedRows: skipped + badTimes,
      futureRows,
      license: meta && typeof meta.license === 'string' ? meta.license : null,
      dataAgeMs: dataTime === null ? null : opts.now - dataTime,
    },
  });
}
