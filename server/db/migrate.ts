import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/** How committed changes reach the gateway: NOTIFY on a real server, a drained table on PGlite (whose socket bridge drops notifications). */
export type ChangeFeedMode = 'notify' | 'table';

const BOOTSTRAP_SQL = readFileSync(new URL('./bootstrap.sql', import.meta.url), 'utf8');

function notifyFunctionSql(mode: ChangeFeedMode): string {
  const deliver =
    mode === 'notify'
      ? `perform pg_notify('realtime_local', msg::text);`
      : `insert into realtime_local.changes (payload) values (msg);`;
  // Primary key only: pg_notify payloads are capped at 8000 bytes, and the gateway re-selects the
  // row as each subscriber anyway so that RLS decides what they see.
  return `
create or replace function realtime_local.notify() returns trigger language plpgsql security definer set search_path = '' as $fn$
declare
  rec jsonb;
  pk jsonb := '{}'::jsonb;
  col text;
  msg jsonb;
begin
  rec := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
  if tg_nargs > 0 then
    foreach col in array tg_argv loop
      pk := pk || jsonb_build_object(col, rec -> col);
    end loop;
  end if;
  msg := jsonb_build_object('schema', tg_table_schema, 'table', tg_table_name, 'type', tg_op, 'pk', pk,
    'commit_timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'));
  ${deliver}
  return null;
end $fn$;`;
}

export function listMigrations(dir: string): { version: string; name: string; file: string }[] {
  return readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((f) => {
      const m = /^(\d+)_(.+)\.sql$/.exec(f)!;
      return { version: m[1]!, name: m[2]!, file: join(dir, f) };
    });
}

/**
 * Bootstraps what hosted Supabase provides, applies `supabase/migrations/*.sql` in order (each once,
 * each in its own transaction, recorded in supabase_migrations.schema_migrations), then installs
 * the local realtime triggers on every table of the supabase_realtime publication.
 * Returns the versions applied by this call.
 */
export async function prepareDatabase(
  databaseUrl: string,
  opts: { migrationsDir: string; changeFeed: ChangeFeedMode },
): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await migrate(client, opts);
  } finally {
    await client.end();
  }
}

async function migrate(
  client: pg.Client,
  opts: { migrationsDir: string; changeFeed: ChangeFeedMode },
): Promise<string[]> {
  await client.query('set client_min_messages = warning');
  await client.query(BOOTSTRAP_SQL);
  await client.query(notifyFunctionSql(opts.changeFeed));
  const done = new Set(
    (
      await client.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations',
      )
    ).rows.map((r) => r.version),
  );
  const applied: string[] = [];
  for (const m of listMigrations(opts.migrationsDir)) {
    if (done.has(m.version)) continue;
    const sql = readFileSync(m.file, 'utf8');
    try {
      await client.query(
        `begin;\n${sql}\n;insert into supabase_migrations.schema_migrations (version, name) values ('${m.version}', '${m.name.replace(/'/g, "''")}');\ncommit;`,
      );
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw new Error(
        `migration ${m.version}_${m.name}.sql failed: ${err instanceof Error ? err.message : String(err)}`,
        { cause: err },
      );
    }
    applied.push(m.version);
  }
  await client.query('select realtime_local.sync_triggers()');
  return applied;
}
