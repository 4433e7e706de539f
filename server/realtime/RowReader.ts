import type pg from 'pg';
import type { AccessClaims } from '../auth/jwt.ts';

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** Reads a changed row as a given subscriber, so that their RLS policies decide whether they see it. */
export class RowReader {
  private readonly columnCache = new Map<string, Promise<{ name: string; type: string }[]>>();

  constructor(private readonly pool: pg.Pool) {}

  columns(schema: string, table: string): Promise<{ name: string; type: string }[]> {
    const key = `${schema}.${table}`;
    let cols = this.columnCache.get(key);
    if (!cols) {
      cols = this.pool
        .query<{ name: string; type: string }>(
          `select a.attname as name, t.typname as type from pg_attribute a join pg_type t on t.oid = a.atttypid
           where a.attrelid = to_regclass($1) and a.attnum > 0 and not a.attisdropped order by a.attnum`,
          [`${ident(schema)}.${ident(table)}`],
        )
        .then((r) => r.rows);
      cols.catch(() => this.columnCache.delete(key));
      this.columnCache.set(key, cols);
    }
    return cols;
  }

  async readAs(
    schema: string,
    table: string,
    pk: Record<string, unknown>,
    claims: AccessClaims,
  ): Promise<Record<string, unknown> | null> {
    const keys = Object.keys(pk);
    if (!keys.length) return null;
    const where = keys.map((k, i) => `t.${ident(k)}::text = $${i + 1}`).join(' and ');
    const values = keys.map((k) =>
      pk[k] === null ? null : typeof pk[k] === 'object' ? JSON.stringify(pk[k]) : String(pk[k]),
    );
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      await client.query(
        `select set_config('request.jwt.claims', $1, true), set_config('role', $2, true)`,
        [JSON.stringify(claims), claims.role],
      );
      const r = await client.query<{ row: Record<string, unknown> }>(
        `select to_jsonb(t) as row from ${ident(schema)}.${ident(table)} t where ${where}`,
        values,
      );
      await client.query('commit');
      return r.rows[0]?.row ?? null;
    } catch {
      await client.query('rollback').catch(() => undefined);
      return null;
    } finally {
      client.release();
    }
  }
}
