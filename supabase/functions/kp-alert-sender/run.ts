/**
 * One scheduled pass of the alert sender: every rule of every push subscription through the one
 * alert engine (core/alerts/alertEngine.ts), as the service worker runs it on the device.
 *
 * Work is per cell, not per subscriber: the sky now (tonight's verdict) is worked out once per
 * 0.1° cell that has `visible` rules, with that cell's clouds (cellClouds.ts); Kp once per run.
 * Rules are read a page at a time, so memory stays flat however many subscribers there are.
 */
import { decideAlert } from '../../../core/alerts/alertEngine.ts';
import { readRuleState } from '../../../core/alerts/readRuleState.ts';
import type { RuleState } from '../../../core/alerts/ruleState.ts';
import { payloadOf } from '../../../core/alerts/alertPush.ts';
import { placeKey, type AlertRule } from '../../../core/alerts/alertRule.ts';
import { skyNow, type SkyNow } from '../../../core/alerts/skyNow.ts';
import { eq, type RestClient } from '../_shared/rest.ts';
import { cellsToRefresh, type CellCloudsValue, type CloudsFetcher } from './cellClouds.ts';
import { deliver, retryAt } from './deliver.ts';
import type { SkyInputs } from './skyInputs.ts';
import type { PushSender } from './webPush.ts';

interface SubscriptionRow {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  subscriber_id: string | null;
  recent_alerts: (number | string)[];
  failure_count: number;
  retry_at: string | null;
}

interface RuleRow {
  subscription_id: string;
  rule_key: string;
  kind: 'visible' | 'kp';
  place_name: string | null;
  place_lat: number | string | null;
  place_lon: number | string | null;
  kp_threshold: number | string;
  all_clear: boolean;
  quiet_from: string | null;
  quiet_to: string | null;
  time_zone: string | null;
  muted_until: string | null;
  state: unknown;
  push_subscriptions: SubscriptionRow;
}

interface CellRow {
  cell: string;
  clouds: CellCloudsValue | null;
  fetched_at: string | null;
  last_error: string | null;
}

export interface RunDeps {
  rest: RestClient;
  inputs: () => Promise<SkyInputs>;
  clouds: CloudsFetcher;
  send: PushSender;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

export interface RunSummary {
  kp: number | null;
  kpTime: string | null;
  ovationTime: string | null;
  rules: number;
  cells: number;
  cellsRefreshed: number;
  alerts: number;
  allClears: number;
  failed: number;
  removed: number;
  /** Subscriptions left for a later run: their push service asked us to back off. */
  backingOff: number;
}

/** Rules per page read from the database. */
const PAGE = 500;
/** Subscriptions pushed to at once: enough for a few thousand per run, gentle on push services. */
const CONCURRENCY = 16;
/**
 * Cells asked of the weather function per run, at most. Runs are every 5 minutes, so 1,500 a run is
 * 18,000 cells an hour (5 a second, a quarter of MET Norway's 20 a second for the whole app).
 */
const MAX_CELL_REFRESHES_PER_RUN = 1_500;
/** Cells asked of the weather function at once: its budget lets 4 through at once (upstreamBudget.ts). */
const CELL_CONCURRENCY = 4;

const RULE_COLUMNS =
  'subscription_id,rule_key,kind,place_name,place_lat,place_lon,kp_threshold,all_clear,quiet_from,quiet_to,time_zone,muted_until,state,' +
  'push_subscriptions!inner(id,endpoint,p256dh,auth,subscriber_id,recent_alerts,failure_count,retry_at)';

async function inBatches<T>(
  items: T[],
  size: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

/** The rule as the engine reads it; the subscriber is the device's own id (or, from older clients, the row's). */
function ruleOf(row: RuleRow): AlertRule {
  const sub = row.push_subscriptions;
  const visible = row.kind === 'visible' && row.place_lat !== null && row.place_lon !== null;
  return {
    subscriber: sub.subscriber_id ?? sub.id,
    place: visible
      ? {
          name: row.place_name ?? 'your place',
          lat: Number(row.place_lat),
          lon: Number(row.place_lon),
        }
      : null,
    kind: row.kind,
    kpThreshold: Number(row.kp_threshold),
    allClear: row.all_clear,
    quietHours:
      row.quiet_from && row.quiet_to
        ? { from: row.quiet_from, to: row.quiet_to, timeZone: row.time_zone ?? 'UTC' }
        : null,
    timeZone: row.time_zone,
    mutedUntil: row.muted_until === null ? null : Date.parse(row.muted_until),
  };
}

const cellOf = (cell: string) => {
  const [lat, lon] = cell.split('_').map(Number);
  return { lat: lat!, lon: lon! };
};

export async function runAlertSender(deps: RunDeps): Promise<RunSummary> {
  const now = deps.now();
  const inputs = await deps.inputs();
  const summary: RunSummary = {
    kp: inputs.kp?.value ?? null,
    kpTime: inputs.kp ? new Date(inputs.kp.time).toISOString() : null,
    ovationTime: inputs.ovation ? new Date(inputs.ovation.observationTime).toISOString() : null,
    rules: 0,
    cells: 0,
    cellsRefreshed: 0,
    alerts: 0,
    allClears: 0,
    failed: 0,
    removed: 0,
    backingOff: 0,
  };
  const skies = new Map<string, SkyNow | null>();
  /** Alerts sent this run, per subscription: its rules may span pages. */
  const recentNow = new Map<string, number[]>();
  const gone = new Set<string>();
  let refreshBudget = MAX_CELL_REFRESHES_PER_RUN;
  let weatherBusy = false;

  /** The sky of each new cell of a page, its clouds refreshed when due (within the run's budget). */
  const prepareCells = async (cells: string[]) => {
    const fresh = cells.filter((c) => !skies.has(c));
    if (fresh.length === 0) return;
    summary.cells += fresh.length;
    const list = fresh.map((c) => `"${c}"`).join(',');
    const rows = await deps.rest.request<CellRow[]>(
      'GET',
      `alert_cells?select=cell,clouds,fetched_at,last_error&cell=in.(${encodeURIComponent(list)})`,
    );
    const kept = new Map(rows.map((r) => [r.cell, r]));
    const due = weatherBusy
      ? []
      : cellsToRefresh(
          fresh.map((cell) => {
            const r = kept.get(cell);
            return {
              cell,
              fetchedAt: r?.fetched_at ? Date.parse(r.fetched_at) : null,
              failed: !!r?.last_error,
            };
          }),
          now,
          refreshBudget,
        );
    refreshBudget -= due.length;
    await inBatches(due, CELL_CONCURRENCY, async (cell) => {
      if (weatherBusy) return;
      const answer = await deps.clouds(cellOf(cell));
      if (!answer.ok && answer.busy) weatherBusy = true;
      const row: CellRow & { source?: string } = answer.ok
        ? {
            cell,
            clouds: answer.clouds,
            source: answer.source,
            fetched_at: new Date(now).toISOString(),
            last_error: null,
          }
        : {
            cell,
            clouds: kept.get(cell)?.clouds ?? null,
            fetched_at: new Date(now).toISOString(),
            last_error: answer.error,
          };
      await deps.rest.request('POST', 'alert_cells?on_conflict=cell', {
        body: row,
        prefer: ['resolution=merge-duplicates', 'return=minimal'],
      });
      kept.set(cell, row);
      if (answer.ok) summary.cellsRefreshed++;
    });
    for (const cell of fresh) {
      const place = cellOf(cell);
      try {
        skies.set(
          cell,
          skyNow({
            place,
            now,
            ovation: inputs.ovation,
            kpForecast: inputs.kpForecast,
            clouds: kept.get(cell)?.clouds ?? null,
          }),
        );
      } catch {
        skies.set(cell, null);
      }
    }
  };

  const patchSubscription = (id: string, body: Record<string, unknown>) =>
    deps.rest.request('PATCH', `push_subscriptions?id=${eq(id)}`, { body });
  const patchState = (row: RuleRow, state: RuleState) =>
    deps.rest.request(
      'PATCH',
      `alert_rules?subscription_id=${eq(row.subscription_id)}&rule_key=${eq(row.rule_key)}`,
      { body: { state } },
    );

  /** One subscription's rules, in order: the 3-per-6-h cap counts across them. */
  const runSubscription = async (rows: RuleRow[]) => {
    const sub = rows[0]!.push_subscriptions;
    if (gone.has(sub.id)) return;
    if (sub.retry_at && Date.parse(sub.retry_at) > now) {
      summary.backingOff++;
      return;
    }
    let recent =
      recentNow.get(sub.id) ?? sub.recent_alerts.map(Number).filter((t) => Number.isFinite(t));
    for (const row of rows) {
      const rule = ruleOf(row);
      const before = readRuleState(row.state);
      const decision = decideAlert({
        rule,
        now,
        state: before,
        sky: rule.place ? (skies.get(placeKey(rule.place)) ?? null) : null,
        kp: inputs.kp,
        recent,
      });
      const push = decision.push;
      if (!push) {
        if (JSON.stringify(decision.state) !== JSON.stringify(before))
          await patchState(row, decision.state);
        continue;
      }
      const outcome = await deliver(
        deps.send,
        sub,
        JSON.stringify(payloadOf(push)),
        { ttlSeconds: push.ttlSeconds, urgency: push.urgency, topic: push.topic },
        deps.sleep,
      );
      if (outcome.kind === 'gone') {
        // The browser unsubscribed, the push service says so: nothing left to alert (its rules go with it).
        await deps.rest.request('DELETE', `push_subscriptions?id=${eq(sub.id)}`);
        gone.add(sub.id);
        summary.removed++;
        return;
      }
      if (outcome.kind === 'failed') {
        // The rule's state is left as it was: the next run decides again, and sends if the event
        // is still on then (an alert that stopped being true is never sent late).
        summary.failed++;
        const failures = sub.failure_count + 1;
        await patchSubscription(sub.id, {
          failure_count: failures,
          last_error: outcome.error,
          retry_at: new Date(retryAt(now, failures, outcome.retryAfterSeconds)).toISOString(),
        });
        return;
      }
      if (push.type === 'all-clear') summary.allClears++;
      else {
        summary.alerts++;
        recent = [...recent.filter((t) => now - t < 6 * 3_600_000), now];
        recentNow.set(sub.id, recent);
      }
      await patchState(row, decision.state);
      await patchSubscription(sub.id, {
        recent_alerts: recent,
        failure_count: 0,
        last_error: null,
        retry_at: null,
      });
    }
  };

  // Keyset pages (after the last rule read), so subscriptions removed meanwhile shift nothing.
  let after: RuleRow | null = null;
  for (;;) {
    const from: string = after
      ? `&or=${encodeURIComponent(`(subscription_id.gt.${after.subscription_id},and(subscription_id.eq.${after.subscription_id},rule_key.gt."${after.rule_key}"))`)}`
      : '';
    const rows: RuleRow[] = await deps.rest.request<RuleRow[]>(
      'GET',
      `alert_rules?select=${RULE_COLUMNS}${from}&order=subscription_id,rule_key&limit=${PAGE}`,
    );
    after = rows[rows.length - 1] ?? null;
    summary.rules += rows.length;
    await prepareCells([
      ...new Set(
        rows
          .filter((r) => r.kind === 'visible' && r.place_lat !== null && r.place_lon !== null)
          .map((r) => placeKey({ lat: Number(r.place_lat), lon: Number(r.place_lon) })),
      ),
    ]);
    const bySubscription = new Map<string, RuleRow[]>();
    for (const row of rows) {
      const list = bySubscription.get(row.subscription_id) ?? [];
      list.push(row);
      bySubscription.set(row.subscription_id, list);
    }
    await inBatches([...bySubscription.values()], CONCURRENCY, runSubscription);
    if (rows.length < PAGE) break;
  }
  return summary;
}
