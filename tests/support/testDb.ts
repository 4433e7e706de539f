import {
  openDatabase,
  removeDatabase,
  type AuroraDatabase,
  type OpenDatabaseOptions,
} from '../../sync/database.ts';

let counter = 0;

/** A fresh in-memory database with a unique name; remove it after the test (14-collection limit). */
export async function openTestDatabase(options: OpenDatabaseOptions = {}): Promise<AuroraDatabase> {
  counter++;
  return openDatabase({
    storage: 'memory',
    name: `test-${process.pid}-${Date.now()}-${counter}`,
    ...options,
  });
}

export async function disposeTestDatabase(db: AuroraDatabase | undefined): Promise<void> {
  if (db && !db.closed) await removeDatabase(db);
}
