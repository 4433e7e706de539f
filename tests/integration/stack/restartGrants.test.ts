import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../../server/db/migrate.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../support/scratchDatabase.ts';

const MIGRATIONS = join(import.meta.dirname, '../../../supabase/migrations');
let scratch: ScratchDatabase;
let url: string;
let db: pg.Client;

beforeAll(async () => {
  scratch = await createScratchDatabase('aurora_grants');
  url = scratch.url;
  db = new pg.Client(url);
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await scratch?.drop();
});

/** Every privilege on every table, sequence, view and function of public, as Postgres stores them. */
async function publicAcls(): Promise<string[]> {
  const r = await db.query<{ line: string }>(
    `select c.relkind::text || ' ' || c.relname || ' ' || coalesce(c.relacl::text, '(default)') as line
       from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'S', 'v', 'm', 'p')
     union all
     select 'f ' || p.oid::regprocedure::text || ' ' || coalesce(p.proacl::text, '(default)')
       from pg_proc p where p.pronamespace = 'public'::regnamespace
     order by 1`,
  );
  return r.rows.map((row) => row.line);
}

const start = () => prepareDatabase(url, { migrationsDir: MIGRATIONS, changeFeed: 'notify' });

describe('grants across restarts', () => {
  it('are after a restart exactly what the first start left: the bootstrap re-grants nothing the migrations revoked, and owners get only select, insert and update', async () => {
    await start();
    const first = await publicAcls();
    expect(first.length).toBeGreaterThan(0);
    await start();
    await start();
    expect(await publicAcls()).toEqual(first);
    const anon = await db.query<{ table_name: string; privilege_type: string }>(
      `select table_name, privilege_type from information_schema.role_table_grants
        where table_schema = 'public' and grantee = 'anon'
          and table_name in ('push_subscriptions', 'function_requests', 'siwe_nonces', 'wallet_accounts', 'profiles', 'places')`,
    );
    expect(anon.rows).toEqual([]);
    const owned = await db.query<{ table_name: string; privileges: string }>(
      `select table_name, string_agg(privilege_type, ',' order by privilege_type) as privileges
         from information_schema.role_table_grants
        where table_schema = 'public' and grantee = 'authenticated' and table_name in ('profiles', 'places')
        group by table_name order by table_name`,
    );
    expect(owned.rows).toEqual([
      { table_name: 'places', privileges: 'INSERT,SELECT,UPDATE' },
      { table_name: 'profiles', privileges: 'INSERT,SELECT,UPDATE' },
    ]);
  });
});
