import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database of its own in the test cluster (scripts/with-postgres.ts), dropped after the test. */
export interface ScratchDatabase {
  name: string;
  /** Superuser URL of this database. */
  url: string;
  drop(): Promise<void>;
}

/** The test cluster's superuser URL (TEST_DATABASE_URL, set by `npm run test:integration`). */
export function clusterUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      'TEST_DATABASE_URL is not set: run integration tests through `npm run test:integration` (scripts/with-postgres.ts)',
    );
  return url;
}

async function onCluster(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: clusterUrl() });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Creates `<prefix>_<time>_<random>` (unique across parallel test files) in the test cluster. */
export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await onCluster(`create database ${name}`);
  const url = new URL(clusterUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onCluster(`drop database if exists ${name} with (force)`),
  };
}
