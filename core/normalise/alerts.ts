/**
 * products/alerts.json → one 'alert' product per bulletin (alerts, watches, warnings, summaries).
 * Upstream: `[{ product_id, issue_datetime, message }]`, message with `\r\n` (sometimes bare `\n`).
 * The id is product id + issue time, so the same bulletin seen in many polls is stored once.
 * An empty array is a quiet sky, not an error.
 */
import type { ProductRecord } from '../model.ts';
import { NormaliseError, ok, type NormaliseOptions, type NormaliseResult } from './result.ts';
import { describeType, isRecord, parseJsonBody } from './parseBody.ts';
import { parseIssued, parseSwpcTime } from './swpcTime.ts';
import { iso } from './series.ts';
import { LEAD_MS, beyondLead } from './leadTime.ts';

type AlertType =
  'alert' | 'warning' | 'watch' | 'summary' | 'extended-warning' | 'cancellation' | 'other';

export interface AlertData {
  productId: string;
  messageCode: string | null;
  serial: number | null;
  type: AlertType;
  /** The headline after the type, e.g. "Geomagnetic K-index of 5". */
  title: string;
  /** NOAA scale named in the bulletin: kind G/S/R, level 1–5, label "Minor". */
  scale: { kind: 'G' | 'S' | 'R'; level: number; label: string | null } | null;
  validFrom: number | null;
  validTo: number | null;
  thresholdReached: number | null;
  beginTime: number | null;
  endTime: number | null;
}

const KNOWN_KEYS = new Set(['product_id', 'issue_datetime', 'message']);

function field(message: string, label: string): string | null {
  const m = new RegExp(`^${label}:[ \\t]*(.+)$`, 'im').exec(message);
  return m?.[1]?.trim() ?? null;
}

function timeField(message: string, label: string): number | null {
  const v = field(message, label);
  return v === null ? null : parseIssued(v);
}

function classify(heading: string): AlertType {
  const h = heading.toUpperCase();
  if (h.startsWith('CANCEL')) return 'cancellation';
  if (h.startsWith('EXTENDED WARNING')) return 'extended-warning';
  if (h.startsWith('ALERT') || h.startsWith('CONTINUED ALERT')) return 'alert';
  if (h.startsWith('WARNING')) return 'warning';
  if (h.startsWith('WATCH')) return 'watch';
  if (h.startsWith('SUMMARY')) return 'summary';
  return 'other';
}

/** Parses one bulletin's text; null when it is not an SWPC space weather message. */
function parseAlertMessage(productId: string, message: string): AlertData | null {
  const text = message.replace(/\r\n?/g, '\n');
  const code = field(text, 'Space Weather Message Code');
  const serialText = field(text, 'Serial Number');
  if (code === null && serialText === null) return null;
  const headingLine = text
    .split('\n')
    .map((l) => l.trim())
    .find((l) =>
      /^(CONTINUED ALERT|ALERT|WARNING|WATCH|SUMMARY|EXTENDED WARNING|CANCEL [A-Z ]+)\s*:/i.test(l),
    );
  const heading = headingLine ?? '';
  const scaleMatch = /NOAA Scale:\s*([GSR])([1-5])(?:\s*-\s*([A-Za-z]+))?/.exec(text);
  const serial = serialText !== null && /^\d{1,9}$/.test(serialText) ? Number(serialText) : null;
  return {
    productId,
    messageCode: code,
    serial,
    type: classify(heading),
    title: heading.replace(/^[^:]*:\s*/, '').slice(0, 200),
    scale: scaleMatch
      ? {
          kind: scaleMatch[1] as 'G' | 'S' | 'R',
          level: Number(scaleMatch[2]),
          label: scaleMatch[3] ?? null,
        }
      : null,
    validFrom: timeField(text, 'Valid From'),
    validTo:
      timeField(text, 'Extended to') ??
      timeField(text, 'Now Valid Until') ??
      timeField(text, 'Valid To'),
    thresholdReached: timeField(text, 'Threshold Reached'),
    beginTime: timeField(text, 'Begin Time'),
    endTime: timeField(text, 'End Time'),
  };
}

export function normaliseAlerts(body: string, opts: NormaliseOptions): NormaliseResult {
  const parsed = parseJsonBody(body);
  if (!parsed.ok) throw new NormaliseError(parsed.reason);
  const list = parsed.value;
  if (!Array.isArray(list))
    throw new NormaliseError(
      `changed shape: expected an array of bulletins, got ${describeType(list)}`,
    );
  const byId = new Map<string, ProductRecord<AlertData>>();
  let skipped = 0;
  let futureItems = 0;
  let drift = false;
  for (const item of list) {
    if (
      !isRecord(item) ||
      typeof item.message !== 'string' ||
      typeof item.product_id !== 'string'
    ) {
      skipped++;
      continue;
    }
    if (Object.keys(item).some((k) => !KNOWN_KEYS.has(k))) drift = true;
    const productId = item.product_id.trim().slice(0, 20);
    const data = parseAlertMessage(productId, item.message);
    const issued =
      parseSwpcTime(item.issue_datetime) ??
      timeField(item.message.replace(/\r\n?/g, '\n'), 'Issue Time');
    if (!data || issued === null || productId === '') {
      skipped++;
      continue;
    }
    if (beyondLead(issued, opts.now, LEAD_MS.observation)) {
      futureItems++;
      continue;
    }
    const id = `alert/${productId}/${new Date(issued).toISOString()}`;
    byId.set(id, { id, kind: 'alert', issued, data, raw: item.message });
  }
  if (list.length > 0 && byId.size === 0 && futureItems > 0) {
    throw new NormaliseError(
      `no usable bulletin (${futureItems} issued more than 10 min after now, ${new Date(opts.now).toISOString()}; ${skipped} unreadable)`,
    );
  }
  if (list.length > 0 && byId.size === 0)
    throw new NormaliseError(
      `no usable bulletin (${skipped} item${skipped === 1 ? '' : 's'} without a product id, issue time and SWPC message)`,
    );
  const products = [...byId.values()].sort((a, b) => a.issued - b.issued);
  const latest = products[products.length - 1] ?? null;
  const inForce = products.filter(
    (p) =>
      (p.data.type === 'warning' ||
        p.data.type === 'extended-warning' ||
        p.data.type === 'watch') &&
      p.data.validTo !== null &&
      p.data.validTo > opts.now,
  );
  return ok({
    products: products as ProductRecord[],
    dataTime: latest?.issued ?? null,
    schemaDrift: drift || futureItems > 0,
    summary: {
      records: products.length,
      from: iso(products[0]?.issued ?? null),
      to: iso(latest?.issued ?? null),
      latest: latest
        ? {
            id: latest.id,
            type: latest.data.type,
            title: latest.data.title,
            scale: latest.data.scale,
          }
        : null,
      inForce: inForce.map((p) => p.id),
      maxGScale: Math.max(
        0,
        ...products.map((p) => (p.data.scale?.kind === 'G' ? p.data.scale.level : 0)),
      ),
      skippedItems: skipped,
      futureItems,
    },
  });
}
