/**
 * ICAO space weather advisories (SWX ADVISORY, ICAO Annex 3 format) → one 'icao-advisory'
 * product each. No SWPC-issued file could be found to copy, so this parser follows the published
 * template and reads defensively:
 *
 *   SWX ADVISORY
 *   STATUS:             TEST            (optional)
 *   DTG:                20161108/0100Z
 *   SWXC:               SWPC
 *   ADVISORY NR:        2016/2
 *   NR RPLC:            2016/1          (optional)
 *   SWX EFFECT:         HF COM MOD AND GNSS MOD
 *   OBS SWX:            08/0100Z HNH HSH E18000 - W18000
 *   FCST SWX +6 HR:     08/0700Z HNH HSH E18000 - W18000
 *   … +12, +18, +24 HR
 *   RMK:                free text, may wrap onto following lines
 *   NXT ADVISORY:       20161108/0700Z | NO FURTHER ADVISORIES
 *
 * Several advisories may come in one body (blank lines, ZCZC/NNNN framing, WMO headings such as
 * "FNXX01 KWNP 080100"), or as a JSON array of strings or of objects with the text in a field.
 */
import type { ProductRecord } from '../model.ts';
import { NormaliseError, ok, type NormaliseOptions, type NormaliseResult } from './result.ts';
import { checkText, isRecord } from './parseBody.ts';
import { utc } from './swpcTime.ts';
import { iso } from './series.ts';
import { LEAD_MS, beyondLead } from './leadTime.ts';

export interface SwxEffect {
  type: 'HF COM' | 'SATCOM' | 'GNSS' | 'RADIATION';
  severity: 'MOD' | 'SEV';
}

export interface SwxArea {
  /** Hours after the DTG: 0 for OBS SWX, 6/12/18/24 for the forecasts. */
  offsetHours: number;
  time: number | null;
  /** Latitude bands named (HNH, MNH, EQN, EQS, MSH, HSH), in order. */
  bands: string[];
  daylightSide: boolean;
  noneExpected: boolean;
  notAvailable: boolean;
  /** The area as written, e.g. "HNH HSH E18000 - W18000". */
  text: string;
}

export interface IcaoAdvisoryData {
  status: string | null;
  swxc: string;
  advisoryNumber: string;
  replaces: string | null;
  effects: SwxEffect[];
  effectText: string;
  areas: SwxArea[];
  remark: string | null;
  nextAdvisory: number | null;
  noFurtherAdvisories: boolean;
}

const LABEL =
  /^(STATUS|DTG|SWXC|ADVISORY NR|NR RPLC|SWX EFFECT|OBS SWX|FCST SWX \+\d{1,2} ?HR|RMK|NXT ADVISORY)\s*:\s*(.*)$/;
const BANDS = new Set(['HNH', 'MNH', 'EQN', 'EQS', 'MSH', 'HSH']);

function parseDtg(text: string): number | null {
  const m = /(\d{4})(\d{2})(\d{2})\/(\d{2})(\d{2})Z/.exec(text);
  return m ? utc(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])) : null;
}

/** "08/0700Z" relative to the DTG's month; a day far below the DTG's day is next month. */
function parseDayTime(text: string, dtg: number): number | null {
  const m = /^(\d{2})\/(\d{2})(\d{2})Z/.exec(text);
  if (!m) return null;
  const base = new Date(dtg);
  let year = base.getUTCFullYear();
  let month = base.getUTCMonth() + 1;
  const day = Number(m[1]);
  if (day < base.getUTCDate() - 15) {
    month++;
    if (month > 12) {
      month = 1;
      year++;
    }
  }
  return utc(year, month, day, Number(m[2]), Number(m[3]));
}

function parseArea(value: string, offsetHours: number, dtg: number): SwxArea {
  const time = parseDayTime(value, dtg);
  const rest = value.replace(/^\d{2}\/\d{4}Z\s*/, '').trim();
  const words = rest.split(/\s+/);
  return {
    offsetHours,
    time,
    bands: words.filter((w) => BANDS.has(w)),
    daylightSide: /DAYLIGHT SIDE/.test(rest),
    noneExpected: /NO SWX EXP/.test(rest),
    notAvailable: /NOT AVBL/.test(rest),
    text: rest.slice(0, 300),
  };
}

/** Parses one advisory's text; null when the mandatory DTG, SWXC, ADVISORY NR or effect is missing. */
function parseIcaoAdvisory(text: string): { issued: number; data: IcaoAdvisoryData } | null {
  const fields = new Map<string, string>();
  let last: string | null = null;
  for (const raw of text.split(/\r\n?|\n/)) {
    const line = raw.trim();
    if (line === '' || line === 'SWX ADVISORY') continue;
    const m = LABEL.exec(line);
    if (m) {
      last = (m[1] ?? '').replace(/\s+/g, ' ').replace(/ ?HR$/, ' HR');
      fields.set(last, (m[2] ?? '').trim());
    } else if (last !== null && /^[A-Z0-9 /.,+\-:()]+$/i.test(line)) {
      // ICAO lines wrap; a line without a label continues the previous field.
      fields.set(last, `${fields.get(last) ?? ''} ${line}`.trim());
    }
  }
  const issued = parseDtg(fields.get('DTG') ?? '');
  const swxc = fields.get('SWXC');
  const nr = fields.get('ADVISORY NR');
  const effectText = fields.get('SWX EFFECT');
  if (issued === null || !swxc || !nr || !effectText) return null;
  const effects: SwxEffect[] = [
    ...effectText.matchAll(/(HF COM|SATCOM|GNSS|RADIATION)\s+(MOD|SEV)/g),
  ].map((e) => ({ type: e[1] as SwxEffect['type'], severity: e[2] as SwxEffect['severity'] }));
  const areas: SwxArea[] = [];
  const obs = fields.get('OBS SWX');
  if (obs !== undefined) areas.push(parseArea(obs, 0, issued));
  for (const [key, value] of fields) {
    const f = /^FCST SWX \+(\d{1,2}) HR$/.exec(key);
    if (f) areas.push(parseArea(value, Number(f[1]), issued));
  }
  areas.sort((a, b) => a.offsetHours - b.offsetHours);
  const next = fields.get('NXT ADVISORY') ?? '';
  return {
    issued,
    data: {
      status: fields.get('STATUS') ?? null,
      swxc: swxc.slice(0, 40),
      advisoryNumber: nr.slice(0, 20),
      replaces: fields.get('NR RPLC')?.slice(0, 20) ?? null,
      effects,
      effectText: effectText.slice(0, 200),
      areas,
      remark: fields.get('RMK') ?? null,
      nextAdvisory: parseDtg(next),
      noFurtherAdvisories: /NO FURTHER ADVISORIES/.test(next),
    },
  };
}

/** Splits a body into advisory texts: each starts at a "SWX ADVISORY" line. */
function splitAdvisories(text: string): string[] {
  const lines = text.split(/\r\n?|\n/);
  const out: string[] = [];
  let current: string[] | null = null;
  for (const line of lines) {
    const t = line.trim();
    if (/^SWX ADVISORY$/.test(t)) {
      if (current) out.push(current.join('\n'));
      current = [t];
    } else if (current && (t === 'NNNN' || t === 'ZCZC')) {
      out.push(current.join('\n'));
      current = null;
    } else if (current) current.push(line);
  }
  if (current) out.push(current.join('\n'));
  return out;
}

function textsFromJson(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  return value.flatMap((item) => {
    if (typeof item === 'string') return [item];
    if (isRecord(item)) {
      const t = item.message ?? item.text ?? item.advisory ?? item.raw;
      return typeof t === 'string' ? [t] : [];
    }
    return [];
  });
}

export function normaliseIcaoAdvisories(body: string, opts: NormaliseOptions): NormaliseResult {
  const text = checkText(body);
  if (!text.ok) throw new NormaliseError(text.reason);
  let texts: string[];
  const trimmed = text.value.trim();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      throw new NormaliseError(
        trimmed.endsWith(']') || trimmed.endsWith('}') ? 'invalid JSON' : 'truncated JSON',
      );
    }
    const found = textsFromJson(parsed);
    if (found === null) throw new NormaliseError('changed shape: expected an array of advisories');
    if (found.length === 0 && Array.isArray(parsed) && parsed.length === 0)
      return ok({ summary: { records: 0 } });
    texts = found.flatMap(splitAdvisories);
  } else texts = splitAdvisories(text.value);
  if (texts.length === 0) throw new NormaliseError('changed shape: no "SWX ADVISORY" found');
  const byId = new Map<string, ProductRecord<IcaoAdvisoryData>>();
  let skipped = 0;
  let futureItems = 0;
  for (const t of texts) {
    const parsed = parseIcaoAdvisory(t);
    if (!parsed) {
      skipped++;
      continue;
    }
    if (beyondLead(parsed.issued, opts.now, LEAD_MS.observation)) {
      futureItems++;
      continue;
    }
    const id = `icao-advisory/${parsed.data.swxc}-${parsed.data.advisoryNumber}/${new Date(parsed.issued).toISOString()}`;
    byId.set(id, { id, kind: 'icao-advisory', issued: parsed.issued, data: parsed.data, raw: t });
  }
  if (byId.size === 0 && futureItems > 0)
    throw new NormaliseError(
      `no usable advisory (${futureItems} issued more than 10 min after now, ${new Date(opts.now).toISOString()}; ${skipped} unreadable)`,
    );
  if (byId.size === 0)
    throw new NormaliseError(
      `no readable advisory (${skipped} without DTG, SWXC, ADVISORY NR and SWX EFFECT)`,
    );
  const products = [...byId.values()].sort((a, b) => a.issued - b.issued);
  const latest = products[products.length - 1] as ProductRecord<IcaoAdvisoryData>;
  return ok({
    products: products as ProductRecord[],
    dataTime: latest.issued,
    schemaDrift: skipped > 0 || futureItems > 0,
    summary: {
      records: products.length,
      from: iso(products[0]?.issued ?? null),
      to: iso(latest.issued),
      latest: { id: latest.id, effects: latest.data.effectText, status: latest.data.status },
      severe: products.some((p) => p.data.effects.some((e) => e.severity === 'SEV')),
      skipped,
      futureItems,
      dataAgeMs: opts.now - latest.issued,
    },
  });
}
