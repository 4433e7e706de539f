import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { join } from 'node:path';
import { listMigrations, prepareDatabase } from '../../../server/db/migrate.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../support/scratchDatabase.ts';

const MIGRATIONS = join(import.meta.dirname, '../../../supabase/migrations');
let scratch: ScratchDatabase;
let url: string;
let db: pg.Client;

beforeAll(async () => {
  scratch = await createScratchDatabase('aurora_migrations');
  url = scratch.url;
  db = new pg.Client(url);
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await scratch?.drop();
});

describe('supabase/migrations', () => {
  it('apply in order to an empty database, each exactly once', async () => {
    const files = listMigrations(MIGRATIONS);
    expect(files.length).toBeGreaterThan(0);
    expect(files.map((f) => f.version)).toEqual([...files.map((f) => f.version)].sort());
    const applied = await prepareDatabase(url, { migrationsDir: MIGRATIONS, changeFeed: 'notify' });
    expect(applied).toEqual(files.map((f) => f.version));
    const recorded = await db.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by version',
    );
    expect(recorded.rows.map((r) => r.version)).toEqual(applied);
    expect(await prepareDatabase(url, { migrationsDir: MIGRATIONS, changeFeed: 'notify' })).toEqual(
      [],
    );
  });

  it('enable row level security on every table in public', async () => {
    const r = await db.query<{ relname: string; relrowsecurity: boolean }>(
      `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r'`,
    );
    expect(r.rows.length).toBeGreaterThan(0);
    expect(r.rows.filter((t) => !t.relrowsecurity).map((t) => t.relname)).toEqual([]);
  });

  it('make profiles replicable: text key, _modified trigger, _deleted, published, flat preference columns', async () => {
    const cols = await db.query<{
      column_name: string;
      data_type: string;
      is_nullable: string;
      column_default: string | null;
    }>(
      `select column_name, data_type, is_nullable, column_default from information_schema.columns where table_schema = 'public' and table_name = 'profiles'`,
    );
    const byName = Object.fromEntries(cols.rows.map((c) => [c.column_name, c]));
    expect(Object.keys(byName).sort()).toEqual(
      [
        '_deleted',
        '_modified',
        'avatar_url',
        'created_at',
        'default_map_style',
        'default_map_view',
        'email',
        'full_name',
        'id',
        'preferences',
        'show_aurora_on_load',
        'show_clouds_on_load',
        'updated_at',
        // The id as a uuid, generated, for the foreign key to auth.users (not replicated).
        'user_id',
      ].sort(),
    );
    expect(byName.id?.data_type).toBe('text');
    expect(byName._deleted).toMatchObject({
      data_type: 'boolean',
      is_nullable: 'NO',
      column_default: 'false',
    });
    expect(byName._modified).toMatchObject({
      data_type: 'timestamp with time zone',
      is_nullable: 'NO',
    });
    for (const c of [
      'default_map_view',
      'default_map_style',
      'show_aurora_on_load',
      'show_clouds_on_load',
    ]) {
      expect(['text', 'boolean']).toContain(byName[c]?.data_type);
    }
    const pub = await db.query(
      `select 1 from pg_publication_tables where pubname = 'supabase_realtime' and tablename = 'profiles'`,
    );
    expect(pub.rowCount).toBe(1);

    await db.query(
      `insert into auth.users (id, email) values ('00000000-0000-4000-8000-000000000001', 'm@example.com')`,
    );
    const before = await db.query<{ _modified: Date }>(
      `select _modified from profiles where id = '00000000-0000-4000-8000-000000000001'`,
    );
    await new Promise((r) => setTimeout(r, 20));
    await db.query(
      `update profiles set default_map_view = 'globe' where id = '00000000-0000-4000-8000-000000000001'`,
    );
    const after = await db.query<{ _modified: Date; default_map_view: string }>(
      `select _modified, default_map_view from profiles where id = '00000000-0000-4000-8000-000000000001'`,
    );
    expect(after.rows[0]!.default_map_view).toBe('3d');
    expect(after.rows[0]!._modified.getTime()).toBeGreaterThan(before.rows[0]!._modified.getTime());
  });

  it('install the local realtime trigger on every published table', async () => {
    const r = await db.query<{ tablename: string; has: boolean }>(
      `select p.tablename, exists (select 1 from pg_trigger t where t.tgrelid = format('%I.%I', p.schemaname, p.tablename)::regclass and t.tgname = 'realtime_local_notify') as has
       from pg_publication_tables p where p.pubname = 'supabase_realtime'`,
    );
    expect(r.rows.length).toBeGreaterThan(0);
    expect(r.rows.filter((t) => !t.has)).toEqual([]);
  });
});
