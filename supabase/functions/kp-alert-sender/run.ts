import { eq, type RestClient } from '../_shared/rest.ts';
import { alertPayload, decideAlert, isFreshKp } from './decide.ts';
import type { KpSample } from './currentKp.ts';
import type { PushSender } from './webPush.ts';

interface SubscriptionRow {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  kp_threshold: number | string;
  alert_active: boolean;
  failure_count: number;
}

export interface RunDeps {
  rest: RestClient;
  getKp: () => Promise<KpSample | null>;
  send: PushSender;
  now: () => number;
}

export interface RunSummary {
  kp: number | null;
  dataTime: string | null;
  skipped: string | null;
  considered: number;
  alerts: number;
  allClears: number;
  failed: number;
  removed: number;
}

const PAGE = 500;
/** Pushes in flight at once: enough to finish a few thousand subscribers per run, gentle on push services. */
const CONCURRENCY = 16;

async function inBatches<T>(
  items: T[],
  size: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

/** One scheduled pass: read Kp once, decide per subscriber, push, and record the new alert state. */
export async function runKpAlertSender(deps: RunDeps): Promise<RunSummary> {
  const summary: RunSummary = {
    kp: null,
    dataTime: null,
    skipped: null,
    considered: 0,
    alerts: 0,
    allClears: 0,
    failed: 0,
    removed: 0,
  };
  const reading = await deps.getKp();
  if (!reading) return { ...summary, skipped: 'No Kp reading available' };
  summary.kp = reading.kp;
  summary.dataTime = new Date(reading.t).toISOString();
  if (!isFreshKp(reading.t, deps.now()))
    return { ...summary, skipped: 'Kp reading is too old to act on' };

  for (let offset = 0; ; offset += PAGE) {
    const rows = await deps.rest.request<SubscriptionRow[]>(
      'GET',
      `push_subscriptions?select=id,endpoint,p256dh,auth,kp_threshold,alert_active,failure_count&order=id&limit=${PAGE}&offset=${offset}`,
    );
    summary.considered += rows.length;
    await inBatches(rows, CONCURRENCY, async (row) => {
      const threshold = Number(row.kp_threshold);
      const decision = decideAlert(
        { kpThreshold: threshold, alertActive: row.alert_active },
        reading.kp,
      );
      if (decision.action === 'none') return;
      const at = new Date(deps.now()).toISOString();
      let status: number;
      try {
        status = await deps.send(row, JSON.stringify(alertPayload(decision, threshold)));
      } catch (e) {
        status = 0;
        summary.failed++;
        await deps.rest.request('PATCH', `push_subscriptions?id=${eq(row.id)}`, {
          body: {
            failure_count: row.failure_count + 1,
            last_error: `Push failed: ${e instanceof Error ? e.message : String(e)}`,
          },
        });
        return;
      }
      if (status === 404 || status === 410) {
        // The browser unsubscribed; the push service says so. Nothing left to alert.
        await deps.rest.request('DELETE', `push_subscriptions?id=${eq(row.id)}`);
        summary.removed++;
        return;
      }
      if (status < 200 || status >= 300) {
        // State untouched: the same decision comes up again next run, so the event is not lost.
        summary.failed++;
        await deps.rest.request('PATCH', `push_subscriptions?id=${eq(row.id)}`, {
          body: {
            failure_count: row.failure_count + 1,
            last_error: `Push service answered ${status}`,
          },
        });
        return;
      }
      const patch =
        decision.action === 'alert'
          ? {
              alert_active: true,
              last_alert_kp: decision.kp,
              last_alert_at: at,
              failure_count: 0,
              last_error: null,
            }
          : { alert_active: false, last_all_clear_at: at, failure_count: 0, last_error: null };
      await deps.rest.request('PATCH', `push_subscriptions?id=${eq(row.id)}`, { body: patch });
      if (decision.action === 'alert') summary.alerts++;
      else summary.allClears++;
    });
    if (rows.length < PAGE) break;
  }
  return summary;
}
