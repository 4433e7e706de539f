import type {
  RealtimeChannel,
  RealtimePostgresChangesPayload,
  SupabaseClient,
} from '@supabase/supabase-js';

export interface ChangeRecorder {
  channel: RealtimeChannel;
  events: RealtimePostgresChangesPayload<Record<string, unknown>>[];
  /** Resolves with the first recorded event that matches, or rejects after `ms`. */
  waitFor: (
    pred: (e: RealtimePostgresChangesPayload<Record<string, unknown>>) => boolean,
    ms?: number,
  ) => Promise<RealtimePostgresChangesPayload<Record<string, unknown>>>;
}

/** Subscribes to postgres_changes on a table and records every event; resolves once SUBSCRIBED. */
export function recordChanges(
  client: SupabaseClient,
  table: string,
  name: string,
  filter?: string,
): Promise<ChangeRecorder> {
  const events: ChangeRecorder['events'] = [];
  const channel = client
    .channel(name)
    .on(
      'postgres_changes',
      { event: '*', schema: 'public', table, ...(filter ? { filter } : {}) },
      (e) => {
        events.push(e as RealtimePostgresChangesPayload<Record<string, unknown>>);
      },
    );
  const waitFor: ChangeRecorder['waitFor'] = async (pred, ms = 5000) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const hit = events.find(pred);
      if (hit) return hit;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no matching realtime event on ${name} within ${ms} ms (got ${events.length})`);
  };
  return new Promise((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve({ channel, events, waitFor });
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT')
        reject(err ?? new Error(status));
    });
  });
}
