import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import { feedsMigrations, feedsSchemaV0 } from './feeds.ts';
import { gridsMigrations, gridsSchemaV0 } from './grids.ts';
import { preferencesMigrations, preferencesSchemaV0 } from './preferences.ts';
import { placesMigrations, placesSchemaV0 } from './places.ts';
import { productsMigrations, productsSchemaV0 } from './products.ts';
import { queueMigrations, queueSchemaV0 } from './queue.ts';
import { seriesMigrations, seriesSchemaV0 } from './series.ts';

export type { SeriesChunkDoc } from './series.ts';
export type { GridDoc } from './grids.ts';
export type { ProductDoc } from './products.ts';
export type { FeedDoc } from './feeds.ts';
export type { PreferencesDoc } from './preferences.ts';
export type { QueueDoc } from './queue.ts';
export type { PlaceDoc } from './places.ts';

export interface CollectionDefinition {
  schema: RxJsonSchema<never>;
  /** One entry per schema version above 0: version → old document → new document (null drops it). */
  migrationStrategies: MigrationStrategies;
}

/**
 * The current schema of every collection. Bumping a schema: add `xxxSchemaV1` beside V0, set
 * `version: 1`, add `1: (old) => new` to `xxxMigrations`, point this table at V1. RxDB migrates the
 * stored documents when the collection opens (autoMigrate).
 */
export const COLLECTIONS = {
  series: { schema: seriesSchemaV0, migrationStrategies: seriesMigrations },
  grids: { schema: gridsSchemaV0, migrationStrategies: gridsMigrations },
  products: { schema: productsSchemaV0, migrationStrategies: productsMigrations },
  feeds: { schema: feedsSchemaV0, migrationStrategies: feedsMigrations },
  preferences: { schema: preferencesSchemaV0, migrationStrategies: preferencesMigrations },
  queue: { schema: queueSchemaV0, migrationStrategies: queueMigrations },
  places: { schema: placesSchemaV0, migrationStrategies: placesMigrations },
} as const;

export type CollectionName = keyof typeof COLLECTIONS;

/**
 * Whether RxDB's migration plugin must be loaded to open these collections: only when a schema is
 * above version 0 (RxDB migrates nothing at version 0, and without the plugin it refuses to open a
 * higher version). The plugin brings RxDB's replication protocol with it (~9 KB gzip), so the app
 * loads it only once a schema has been bumped.
 */
export function needsMigrationPlugin(defs: Record<string, CollectionDefinition>): boolean {
  return Object.values(defs).some((d) => d.schema.version > 0);
}
