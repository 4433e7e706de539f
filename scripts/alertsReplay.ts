/**
 * `npm run -s alerts:replay -- <timeline.json>`: replays a night through the one alert engine
 * (core/alerts) and prints, one JSON line per push, what it would send:
 * `{"subscriber","at","type","event","title","body"}`. Bad input (an unknown resource, an unreadable
 * or malformed file, a bad place or rule) exits 1 with `error: <reason>` only.
 *
 * The timeline (paths relative to it; files in the agencies' own formats, read by the poller's
 * normalisers at each step's time):
 *   {"subscribers": [{"id", "place": {"name", "lat", "lon"}, "alert": "visible"|"kp", "kpThreshold",
 *                     "allClear", "quietHours": {"from", "to", "timeZone"}}],
 *    "steps": [{"at": ISO, "files": {"aurora-oval"|"kp-1m"|"kp-forecast": path},
 *               "clouds": {<subscriber id>: {"total", "low", "medium", "high", "updatedAt"?, "replay"?}}}]}
 * A step that leaves a file or a subscriber's clouds out keeps the last ones, as the backend's
 * stores do. Clouds are the hour at the step, their model run `updatedAt` (default: the step).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { decideAlert } from '../core/alerts/alertEngine.ts';
import { EMPTY_RULE_STATE, type RuleState } from '../core/alerts/ruleState.ts';
import { readAlertRule, type AlertRule } from '../core/alerts/alertRule.ts';
import { skyNow } from '../core/alerts/skyNow.ts';
import { currentKp, parseKp1m } from '../core/kp/currentKp.ts';
import type { GridSnapshot } from '../core/model.ts';
import { normalise, type KpForecastData } from '../core/normalise/index.ts';
import type { TonightInputs } from '../core/tonight/types.ts';

/** What the engine reads from the agencies: the aurora map, the 1-minute Kp, the Kp forecast. */
const TIMELINE_RESOURCES = ['aurora-oval', 'kp-1m', 'kp-forecast'] as const;
type TimelineResource = (typeof TIMELINE_RESOURCES)[number];

/** Far above an OVATION file (about 1 MB): a file past it is not an agency product. */
const MAX_FILE_BYTES = 16 * 1024 * 1024;

class ReplayError extends Error {}

function fail(reason: string): never {
  throw new ReplayError(reason);
}

function readText(path: string): string {
  let body: Buffer;
  try {
    body = readFileSync(path);
  } catch (e) {
    fail(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  if (body.length > MAX_FILE_BYTES) fail(`${path} is larger than 16 MB: not an agency file`);
  return body.toString('utf8');
}

interface CloudSample {
  time: number;
  total: number | null;
  low: number | null;
  medium: number | null;
  high: number | null;
  updatedAt: number;
  replay: boolean;
}

function percent(v: unknown, what: string): number | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 100)
    fail(`${what} must be a cloud cover from 0 to 100 %`);
  return v;
}

function readCloud(raw: unknown, at: number, what: string): CloudSample {
  if (!raw || typeof raw !== 'object') fail(`${what} must be {total, low, medium, high}`);
  const r = raw as Record<string, unknown>;
  const updated = r['updatedAt'] === undefined ? at : Date.parse(String(r['updatedAt']));
  if (!Number.isFinite(updated)) fail(`${what}.updatedAt must be an ISO 8601 time`);
  return {
    time: at,
    total: percent(r['total'], `${what}.total`),
    low: percent(r['low'], `${what}.low`),
    medium: percent(r['medium'], `${what}.medium`),
    high: percent(r['high'], `${what}.high`),
    updatedAt: updated,
    replay: r['replay'] === true,
  };
}

function cloudsOf(samples: readonly CloudSample[]): TonightInputs['clouds'] {
  const last = samples[samples.length - 1];
  if (!last) return null;
  return {
    time: samples.map((s) => s.time),
    total: samples.map((s) => s.total),
    low: samples.map((s) => s.low),
    medium: samples.map((s) => s.medium),
    high: samples.map((s) => s.high),
    updatedAt: last.updatedAt,
    ...(last.replay && { replay: true }),
  };
}

interface Latest {
  ovation: GridSnapshot | null;
  kp: { value: number; time: number } | null;
  kpForecast: TonightInputs['kpForecast'];
}

/** Normalises one file at the step's time and files it as the latest of its product. */
function ingest(latest: Latest, resource: TimelineResource, path: string, at: number): void {
  const body = readText(path);
  if (resource === 'kp-1m') {
    const now = currentKp(parseKp1m(body, at));
    if (!now) fail(`kp-1m: ${path} holds no usable 1-minute Kp`);
    latest.kp = { value: now.kp, time: now.t };
    return;
  }
  const result = normalise(resource, body, { now: at });
  if (!result.ok) fail(`${result.error} (${path})`);
  if (resource === 'aurora-oval') latest.ovation = result.grids[0] ?? null;
  else {
    const product = result.products[0];
    const rows = (product?.data as KpForecastData | undefined)?.rows ?? [];
    latest.kpForecast = product
      ? { entries: rows.map((r) => ({ time: r.t, kp: r.kp })), updatedAt: product.issued }
      : null;
  }
}

interface ReplayedPush {
  subscriber: string;
  at: string;
  type: string;
  event: string;
  title: string;
  body: string;
}

/** Replays a timeline file; returns the pushes in the order they would be sent. */
function replayTimeline(file: string): ReplayedPush[] {
  let doc: unknown;
  try {
    doc = JSON.parse(readText(file));
  } catch (e) {
    if (e instanceof ReplayError) throw e;
    fail(`${file} is not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  const d = (doc ?? {}) as { subscribers?: unknown; steps?: unknown };
  if (!Array.isArray(d.subscribers) || !Array.isArray(d.steps))
    fail('a timeline is {"subscribers": [...], "steps": [...]}');
  const rules: AlertRule[] = d.subscribers.map((s, i) => {
    const r = readAlertRule(s);
    if (!r.ok) fail(`subscriber ${i + 1}: ${r.error}`);
    return r.rule;
  });
  const ids = new Set(rules.map((r) => r.subscriber));
  if (ids.size !== rules.length) fail('subscriber ids must be unique');
  const base = dirname(resolve(file));
  const latest: Latest = { ovation: null, kp: null, kpForecast: null };
  const clouds = new Map<string, CloudSample[]>();
  const states = new Map<string, RuleState>();
  const recent = new Map<string, number[]>();
  const pushes: ReplayedPush[] = [];
  let previous = -Infinity;
  d.steps.forEach((raw, i) => {
    const step = (raw ?? {}) as { at?: unknown; files?: unknown; clouds?: unknown };
    const at = typeof step.at === 'string' ? Date.parse(step.at) : NaN;
    if (!Number.isFinite(at)) fail(`step ${i + 1}: "at" must be an ISO 8601 time`);
    if (at <= previous) fail(`step ${i + 1}: steps must be in time order`);
    previous = at;
    const files = (step.files ?? {}) as Record<string, unknown>;
    for (const [resource, path] of Object.entries(files)) {
      if (!(TIMELINE_RESOURCES as readonly string[]).includes(resource))
        fail(
          `step ${i + 1}: unknown resource "${resource}" (one of: ${TIMELINE_RESOURCES.join(', ')})`,
        );
      if (typeof path !== 'string') fail(`step ${i + 1}: the file of ${resource} must be a path`);
      ingest(latest, resource as TimelineResource, resolve(base, path), at);
    }
    for (const [id, sample] of Object.entries((step.clouds ?? {}) as Record<string, unknown>)) {
      if (!ids.has(id)) fail(`step ${i + 1}: clouds for unknown subscriber "${id}"`);
      clouds.set(id, [
        ...(clouds.get(id) ?? []),
        readCloud(sample, at, `step ${i + 1}: clouds.${id}`),
      ]);
    }
    for (const rule of rules) {
      const sky =
        rule.kind === 'visible' && rule.place
          ? skyNow({
              place: rule.place,
              now: at,
              ovation: latest.ovation,
              kpForecast: latest.kpForecast,
              clouds: cloudsOf(clouds.get(rule.subscriber) ?? []),
            })
          : null;
      const decision = decideAlert({
        rule,
        now: at,
        state: states.get(rule.subscriber) ?? EMPTY_RULE_STATE,
        sky,
        kp: latest.kp,
        recent: recent.get(rule.subscriber) ?? [],
      });
      states.set(rule.subscriber, decision.state);
      const p = decision.push;
      if (!p) continue;
      if (p.type !== 'all-clear')
        recent.set(rule.subscriber, [...(recent.get(rule.subscriber) ?? []), at]);
      pushes.push({
        subscriber: rule.subscriber,
        at: new Date(at).toISOString(),
        type: p.type,
        event: p.event,
        title: p.title,
        body: p.body,
      });
    }
  });
  return pushes;
}

function main(argv: string[]): void {
  const [file] = argv;
  if (!file) fail('usage: npm run -s alerts:replay -- <timeline.json>');
  for (const push of replayTimeline(file)) process.stdout.write(`${JSON.stringify(push)}\n`);
}

try {
  main(process.argv.slice(2));
} catch (e) {
  process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
}
