import type { AuroraDatabase } from '../database.ts';
import type { PreferenceColumn } from '../replication/preferencesRow.ts';

/**
 * When the anonymous user last chose each preference on this device. Kept as an RxDB local
 * document (not part of the replicated schema, which must match the profiles columns exactly),
 * consumed by the sign-in merge (sync/replication/mergeOnSignIn.ts) and then cleared.
 */
export type AnonymousEdits = Partial<Record<PreferenceColumn, number>>;

const LOCAL_ID = 'anonymous-edits';

export async function readAnonymousEdits(db: AuroraDatabase): Promise<AnonymousEdits> {
  const doc = await db.preferences.getLocal<{ times: AnonymousEdits }>(LOCAL_ID);
  return doc ? { ...(doc.get('times') as AnonymousEdits) } : {};
}

export async function recordAnonymousEdits(
  db: AuroraDatabase,
  columns: PreferenceColumn[],
  at: number,
): Promise<void> {
  if (columns.length === 0) return;
  const times = await readAnonymousEdits(db);
  for (const c of columns) times[c] = at;
  await db.preferences.upsertLocal(LOCAL_ID, { times });
}

export async function clearAnonymousEdits(db: AuroraDatabase): Promise<void> {
  await db.preferences.upsertLocal(LOCAL_ID, { times: {} });
}
