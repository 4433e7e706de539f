/**
 * A page of forecast history, as the space-weather function's `history/forecasts` route sends it
 * from the archive: the Kp forecast issues the backend kept (core/verification/forecastIssues.ts),
 * oldest first within the page, pages newest first (`page.next`: ask again with `before=next`).
 * `{format: "aurora-forecast-history/1", issues: [{source, issued, t, kp}], page: {next}}`.
 * Decoding is as strict as the compact form's: a wrong shape refuses the whole page with a reason.
 */
import {
  FORECAST_SOURCES,
  type ForecastIssue,
  type ForecastSource,
} from '../verification/forecastIssues.ts';
import { LEAD_MS } from '../normalise/leadTime.ts';

const FORMAT = 'aurora-forecast-history/1';

export function encodeForecastHistory(
  issues: readonly ForecastIssue[],
  next: number | null,
): string {
  return JSON.stringify({ format: FORMAT, issues, page: { next } });
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const isTime = (v: unknown): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function readIssue(raw: unknown, now: number, i: number): ForecastIssue {
  if (!isObject(raw)) throw new Error(`issue ${i} is not an object`);
  if (!FORECAST_SOURCES.includes(raw.source as ForecastSource))
    throw new Error(`issue ${i} has source ${JSON.stringify(raw.source)}`);
  if (!isTime(raw.issued) || raw.issued > now + LEAD_MS.observation)
    throw new Error(`issue ${i} has no issue time before now`);
  const { t, kp } = raw;
  if (!Array.isArray(t) || !Array.isArray(kp) || t.length === 0 || t.length !== kp.length)
    throw new Error(`issue ${i} does not have one Kp per period`);
  t.forEach((v, j) => {
    if (!isTime(v) || (j > 0 && v <= (t[j - 1] as number)) || v > now + LEAD_MS.kpForecast)
      throw new Error(
        `issue ${i} period ${j} is not an ascending time within the forecast's reach`,
      );
  });
  kp.forEach((v, j) => {
    if (typeof v !== 'number' || !(v >= 0 && v <= 9))
      throw new Error(`issue ${i} Kp ${j} is not a Kp (0–9)`);
  });
  return { source: raw.source as ForecastSource, issued: raw.issued, t, kp };
}

export function decodeForecastHistory(
  body: string,
  opts: { now: number },
): { ok: true; issues: ForecastIssue[]; next: number | null } | { ok: false; error: string } {
  try {
    const parsed: unknown = JSON.parse(body);
    if (!isObject(parsed) || parsed.format !== FORMAT) throw new Error(`not "${FORMAT}"`);
    if (!Array.isArray(parsed.issues)) throw new Error('issues is not a list');
    const page = parsed.page;
    const next = isObject(page) ? page.next : undefined;
    if (next !== null && !isTime(next)) throw new Error('no readable page.next');
    return {
      ok: true,
      issues: parsed.issues.map((raw, i) => readIssue(raw, opts.now, i)),
      next,
    };
  } catch (e) {
    return {
      ok: false,
      error: `forecast history refused: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
}
