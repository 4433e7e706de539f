/**
 * The alerts this device works out for itself on periodic sync (and background sync), where the
 * browser allows it: the same engine as the backend's sender (core/alerts/alertEngine.ts), on the
 * same inputs asked of the same backend — the 1-minute Kp and the OVATION frame through the
 * space-weather function (else SWPC itself), the clouds of each place through the weather
 * function — so for an event the backend already pushed, nothing new is shown. An anonymous user's
 * places never leave the device except as the weather question for their clouds.
 * Every outside thing (fetch, clock, database, notifications) is passed in.
 */
import { decideAlert } from '../../../core/alerts/alertEngine.ts';
import { EMPTY_RULE_STATE } from '../../../core/alerts/ruleState.ts';
import { payloadOf } from '../../../core/alerts/alertPush.ts';
import { ruleKey } from '../../../core/alerts/alertRule.ts';
import { skyNow, type SkyNow } from '../../../core/alerts/skyNow.ts';
import { cloudsFromWeatherAnswer } from '../../../core/alerts/weatherClouds.ts';
import { decodeCompact } from '../../../core/compact/compactForm.ts';
import { currentKp, parseKp1m } from '../../../core/kp/currentKp.ts';
import type { GridSnapshot } from '../../../core/model.ts';
import { normaliseAuroraOval } from '../../../core/normalise/auroraOval.ts';
import { backendUrl, swpcUrl } from '../../../core/products/sources.ts';
import type { AuroraTrackingDb } from '../auroraTrackingDb.ts';
import { alertNotification, type ShownOptions } from './alertNotification.ts';
import {
  readAlertRules,
  readEngineState,
  readForcedOffline,
  writeEngineState,
} from './deviceAlertStore.ts';

export interface DeviceAlertDeps {
  fetch: typeof fetch;
  now: () => number;
  db: AuroraTrackingDb;
  /** The backend's base URL (the functions are under `/functions/v1`), e.g. the app's origin. */
  backendBase: string;
  showNotification: (title: string, options: ShownOptions) => Promise<void>;
}

export interface DeviceAlertResult {
  /** Tags of the notifications shown. */
  shown: string[];
  /** Per rule, what the engine decided (for the debug log and the tests). */
  notes: Record<string, string>;
  /** True when nothing was asked: the user chose Go Offline. */
  forcedOffline: boolean;
}

/** Bounds one background request, as the poller's 10 s request timeout does for the page. */
const FETCH_TIMEOUT_MS = 10_000;

async function fetchText(fetchFn: typeof fetch, url: string | null): Promise<string | null> {
  if (!url) return null;
  try {
    const res = await fetchFn(url, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      cache: 'no-store',
    });
    return res.ok ? await res.text() : null;
  } catch {
    return null;
  }
}

/** The 1-minute Kp, held across the 3-hourly reset as the sender holds it. */
async function kpNow(deps: DeviceAlertDeps, now: number) {
  for (const url of [backendUrl(deps.backendBase, 'kp-1m'), swpcUrl('kp-1m')]) {
    const body = await fetchText(deps.fetch, url);
    const kp = body === null ? null : currentKp(parseKp1m(body, now));
    if (kp) return { value: kp.kp, time: kp.t };
  }
  return null;
}

/** The newest OVATION frame: our backend's compact grid (4.5 KB), else SWPC's own file. */
async function ovationNow(deps: DeviceAlertDeps, now: number): Promise<GridSnapshot | null> {
  const compact = await fetchText(
    deps.fetch,
    backendUrl(deps.backendBase, 'aurora-oval', { compact: { since: null } }),
  );
  if (compact !== null) {
    const r = decodeCompact('aurora-oval', compact, { now });
    if (r.ok && r.grids[0]) return r.grids[0];
  }
  const raw = await fetchText(deps.fetch, swpcUrl('aurora-oval'));
  if (raw === null) return null;
  try {
    const r = normaliseAuroraOval(raw, { now });
    return r.ok ? (r.grids[0] ?? null) : null;
  } catch {
    return null;
  }
}

async function cloudsAt(deps: DeviceAlertDeps, place: { lat: number; lon: number }) {
  const base = deps.backendBase.replace(/\/+$/, '');
  const body = await fetchText(
    deps.fetch,
    `${base}/functions/v1/weather?lat=${place.lat}&lon=${place.lon}&radius=0`,
  );
  if (body === null) return null;
  try {
    const read = cloudsFromWeatherAnswer(JSON.parse(body));
    return read.ok ? read.clouds : null;
  } catch {
    return null;
  }
}

export async function alertOnDevice(deps: DeviceAlertDeps): Promise<DeviceAlertResult> {
  const result: DeviceAlertResult = { shown: [], notes: {}, forcedOffline: false };
  // Go Offline means no request from any part of the app, the browser's wake-ups included.
  if (await readForcedOffline(deps.db)) return { ...result, forcedOffline: true };
  const { rules } = await readAlertRules(deps.db);
  if (rules.length === 0) return result;
  const now = deps.now();
  const kp = rules.some((r) => r.kind === 'kp') ? await kpNow(deps, now) : null;
  const visible = rules.filter((r) => r.kind === 'visible' && r.place);
  const ovation = visible.length > 0 ? await ovationNow(deps, now) : null;
  const skies = new Map<string, SkyNow | null>();
  for (const rule of visible) {
    const key = ruleKey(rule);
    if (skies.has(key)) continue;
    const clouds = await cloudsAt(deps, rule.place!);
    skies.set(key, skyNow({ place: rule.place!, now, ovation, clouds }));
  }
  const state = await readEngineState(deps.db);
  const shows: { title: string; options: ShownOptions }[] = [];
  for (const rule of rules) {
    const key = ruleKey(rule);
    const d = decideAlert({
      rule,
      now,
      state: state.rules[key] ?? EMPTY_RULE_STATE,
      sky: skies.get(key) ?? null,
      kp,
      recent: state.recent,
    });
    state.rules[key] = d.state;
    result.notes[key] = d.note;
    if (!d.push) continue;
    if (d.push.type !== 'all-clear')
      state.recent = [...state.recent.filter((t) => now - t < 6 * 3_600_000), now];
    shows.push(alertNotification(payloadOf(d.push)));
  }
  // Filed first: if showing fails half-way, the same event is not shown again on the next run.
  await writeEngineState(deps.db, { ...state, checkedAt: now });
  for (const n of shows) {
    await deps.showNotification(n.title, n.options);
    result.shown.push(String(n.options.tag));
  }
  return result;
}
