import pg from 'pg';
import type { ChangeFeedMode } from '../db/migrate.ts';

/** One committed row change, as announced by the realtime_local.notify() trigger (primary key only). */
export interface RowChange {
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  pk: Record<string, unknown>;
  commit_timestamp: string;
}

// How often the PGlite change table is drained; bounds realtime latency on the embedded database.
const POLL_MS = 100;

/**
 * Delivers committed changes in commit order: LISTEN on a real server; on PGlite (whose socket
 * bridge does not carry notifications between connections) by draining realtime_local.changes.
 */
export async function startChangeFeed(opts: {
  databaseUrl: string;
  pool: pg.Pool;
  mode: ChangeFeedMode;
  onChange: (c: RowChange) => void;
  log: (line: string) => void;
}): Promise<{ stop: () => Promise<void> }> {
  if (opts.mode === 'notify') {
    const client = new pg.Client({ connectionString: opts.databaseUrl });
    await client.connect();
    client.on('notification', (n) => {
      if (n.channel !== 'realtime_local' || !n.payload) return;
      try {
        opts.onChange(JSON.parse(n.payload) as RowChange);
      } catch (err) {
        opts.log(`realtime: bad notification: ${String(err)}`);
      }
    });
    client.on('error', (err) => opts.log(`realtime: listener connection failed: ${err.message}`));
    await client.query('listen realtime_local');
    return { stop: () => client.end().catch(() => undefined) };
  }
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      const r = await opts.pool.query<{ id: string; payload: RowChange }>(
        'delete from realtime_local.changes where id in (select id from realtime_local.changes order by id limit 500) returning id, payload',
      );
      r.rows
        .sort((a, b) => Number(a.id) - Number(b.id))
        .forEach((row) => opts.onChange(row.payload));
    } catch (err) {
      if (!stopped)
        opts.log(`realtime: drain failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!stopped) timer = setTimeout(() => void tick(), POLL_MS);
  };
  void tick();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
