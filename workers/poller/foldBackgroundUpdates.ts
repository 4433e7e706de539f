/**
 * While the app was closed the service worker fetched some small products into
 * `aurora-tracking-db` / `aurora-updates` (sync/trackingDb/backgroundUpdates.ts). On start the worker folds
 * them in with the same normalisers and writers, so the first screen is already current. Folding is
 * idempotent (the writers merge), and an update older than the feed's last success only adds data,
 * never moves the feed row back.
 */
import { RESOURCES, type Resource } from '../../core/model.ts';
import { nextFeedStatus } from '../feedStatus.ts';
import type { PollerStore } from './store.ts';

export interface BackgroundUpdateLike {
  resource: string;
  fetchedAt: number;
  status: number;
  body: string;
}

export async function foldBackgroundUpdates(
  updates: readonly BackgroundUpdateLike[],
  store: PollerStore,
): Promise<{ folded: Resource[]; rejected: string[] }> {
  const folded: Resource[] = [];
  const rejected: string[] = [];
  for (const u of updates) {
    if (
      !(RESOURCES as readonly string[]).includes(u.resource) ||
      u.status !== 200 ||
      typeof u.body !== 'string'
    )
      continue;
    const resource = u.resource as Resource;
    // The normalisers load when there is something to read (pollResource.ts says why).
    const { normalise } = await import('../../core/normalise/index.ts');
    const result = normalise(resource, u.body, { now: u.fetchedAt });
    if (!result.ok) {
      rejected.push(result.error);
      continue;
    }
    const meta = { fetchedAt: u.fetchedAt };
    for (const batch of result.series) await store.writeSeries(batch, meta);
    for (const grid of result.grids) await store.writeGrid(grid, { ...meta, source: null });
    if (result.products.length > 0) await store.writeProducts(result.products, meta);
    const prev = await store.readFeedStatus(resource);
    if (!prev?.lastSuccess || u.fetchedAt > prev.lastSuccess) {
      await store.writeFeedStatus(
        nextFeedStatus(
          prev,
          resource,
          {
            kind: 'success',
            dataTime: result.dataTime,
            etag: null,
            lastModified: null,
            schemaDrift: result.schemaDrift,
            replay: false,
          },
          u.fetchedAt,
        ),
      );
    }
    folded.push(resource);
  }
  return { folded, rejected };
}
