import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, removeDatabase, type AuroraDatabase } from '../../../../sync/database.ts';
import type { FeedStatus } from '../../../../core/model.ts';
import { COLLECTIONS, needsMigrationPlugin } from '../../../../sync/schemas/index.ts';
import { feedsSchemaV0 } from '../../../../sync/schemas/feeds.ts';
import { readFeedStatus, writeFeedStatus } from '../../../../sync/write.ts';

/** A v1 of the feeds schema, as a future change would write it: a new required field. */
const feedsSchemaV1 = {
  ...feedsSchemaV0,
  version: 1,
  properties: { ...feedsSchemaV0.properties, source: { type: 'string' } },
  required: [...(feedsSchemaV0.required as string[]), 'source'],
};

let db: AuroraDatabase | undefined;
afterEach(async () => {
  if (db && !db.closed) await removeDatabase(db);
  db = undefined;
});

describe('schema migration', () => {
  it('migrates stored documents to a newer schema version when the collection opens', async () => {
    const name = `migrate-${process.pid}-${Date.now()}`;
    const v0 = await openDatabase({ storage: 'memory', name });
    const status: FeedStatus = {
      id: 'solar-wind',
      lastAttempt: 1,
      lastSuccess: 1,
      dataTime: 1,
      etag: null,
      lastModified: null,
      state: 'fresh',
      error: null,
      schemaDrift: false,
      replay: true,
    };
    await writeFeedStatus(v0, status);
    await v0.close();

    db = await openDatabase({
      storage: 'memory',
      name,
      schemaOverrides: {
        feeds: {
          schema: feedsSchemaV1 as never,
          migrationStrategies: {
            1: (old: FeedStatus) => ({ ...old, source: old.replay ? 'replay' : 'swpc' }),
          },
        },
      },
    });
    expect(db.feeds.schema.version).toBe(1);
    expect(await readFeedStatus(db, 'solar-wind')).toEqual({ ...status, source: 'replay' });
  });

  it('needs the migration plugin only once some schema is above version 0', () => {
    expect(needsMigrationPlugin(COLLECTIONS)).toBe(
      Object.values(COLLECTIONS).some((d) => d.schema.version > 0),
    );
    expect(
      needsMigrationPlugin({
        ...COLLECTIONS,
        feeds: { schema: feedsSchemaV0 as never, migrationStrategies: {} },
      }),
    ).toBe(needsMigrationPlugin(COLLECTIONS));
    expect(
      needsMigrationPlugin({
        ...COLLECTIONS,
        feeds: { schema: feedsSchemaV1 as never, migrationStrategies: { 1: (d: unknown) => d } },
      }),
    ).toBe(true);
  });

  it('declares every collection at a version with a strategy for each step above 0', () => {
    for (const def of Object.values(COLLECTIONS)) {
      const strategies = def.migrationStrategies as Record<number, unknown>;
      for (let v = 1; v <= def.schema.version; v++) expect(strategies[v]).toBeTypeOf('function');
    }
  });
});
