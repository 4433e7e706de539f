import type { AccessClaims } from '../auth/jwt.ts';
import type { RowChange } from './changeFeed.ts';
import type { Binding, Channel, Conn, Frame } from './connection.ts';
import { matchesFilter } from './filters.ts';
import type { RowReader } from './RowReader.ts';

const ROLES = new Set(['anon', 'authenticated', 'service_role']);

/**
 * Fans one committed change out to every matching binding, each through an RLS check. Channels
 * holding the same token share one read (a hundred anonymous channels cost one query, not a
 * hundred).
 */
export async function deliverChange(
  conns: Iterable<Conn>,
  change: RowChange,
  reader: RowReader,
  send: (conn: Conn, frame: Frame) => void,
): Promise<void> {
  const reads = new Map<string, Promise<Record<string, unknown> | null>>();
  const readAs = (claims: AccessClaims) => {
    const key = JSON.stringify(claims);
    let read = reads.get(key);
    if (!read) {
      read = reader.readAs(change.schema, change.table, change.pk, claims);
      reads.set(key, read);
    }
    return read;
  };
  const work: Promise<void>[] = [];
  for (const conn of conns) {
    for (const channel of conn.channels.values()) {
      const bindings = channel.bindings.filter(
        (b) =>
          (b.schema === '*' || b.schema === change.schema) &&
          (!b.table || b.table === '*' || b.table === change.table) &&
          (b.event === '*' || b.event === change.type),
      );
      if (bindings.length)
        work.push(deliverTo(conn, channel, bindings, { change, reader, readAs, send }));
    }
  }
  await Promise.all(work);
}

interface Delivery {
  change: RowChange;
  reader: RowReader;
  /** The row as a token sees it (shared by the channels holding that token). */
  readAs: (claims: AccessClaims) => Promise<Record<string, unknown> | null>;
  send: (conn: Conn, frame: Frame) => void;
}

async function deliverTo(
  conn: Conn,
  channel: Channel,
  bindings: Binding[],
  { change, reader, readAs, send }: Delivery,
): Promise<void> {
  const role = channel.claims.role;
  if (!ROLES.has(role)) return;
  if (channel.claims.exp && channel.claims.exp * 1000 < Date.now()) return;
  const columns = await reader.columns(change.schema, change.table);
  let record: Record<string, unknown> = {};
  if (change.type === 'DELETE') {
    // A deleted row can no longer be checked against RLS: only the service role hears of it.
    if (role !== 'service_role') return;
  } else {
    const row = await readAs(channel.claims);
    if (!row) return;
    record = row;
  }
  const ids = bindings
    .filter((b) =>
      change.type === 'DELETE'
        ? matchesFilter(b.parsed, change.pk)
        : matchesFilter(b.parsed, record),
    )
    .map((b) => b.id);
  if (!ids.length) return;
  send(conn, [
    channel.joinRef,
    null,
    channel.topic,
    'postgres_changes',
    {
      ids,
      data: {
        schema: change.schema,
        table: change.table,
        commit_timestamp: change.commit_timestamp,
        type: change.type,
        columns,
        record: change.type === 'DELETE' ? {} : record,
        old_record: change.type === 'INSERT' ? {} : change.pk,
        errors: null,
      },
    },
  ]);
}
