import type { GridSnapshot } from '../../core/model.ts';
import { GRID_CELLS, GRID_HEIGHT, GRID_WIDTH } from '../../core/grid/grid.ts';
import { base64ToBytes, bytesToBase64 } from '../../core/grid/base64.ts';
import type { GridDoc } from '../schemas/grids.ts';

const GRID_BYTES = GRID_CELLS;

function gridDocId(observationTime: number): string {
  return `ovation/${observationTime}`;
}

export function encodeGrid(
  grid: GridSnapshot,
  meta: { fetchedAt: number; source?: string | null },
): GridDoc {
  if (grid.values.length !== GRID_BYTES) {
    throw new Error(
      `OVATION grid has ${grid.values.length} cells, expected ${GRID_BYTES} (360 × 181)`,
    );
  }
  return {
    id: gridDocId(grid.observationTime),
    observationTime: grid.observationTime,
    forecastTime: grid.forecastTime,
    width: GRID_WIDTH,
    height: GRID_HEIGHT,
    values: bytesToBase64(grid.values),
    fetchedAt: meta.fetchedAt,
    source: meta.source ?? null,
  };
}

/** Stored document → the snapshot the map draws. */
export function decodeGrid(
  doc: Pick<GridDoc, 'observationTime' | 'forecastTime' | 'values'>,
): GridSnapshot {
  const values = base64ToBytes(doc.values);
  if (values.length !== GRID_BYTES) {
    throw new Error(`Stored OVATION grid has ${values.length} cells, expected ${GRID_BYTES}`);
  }
  return {
    observationTime: doc.observationTime,
    forecastTime: doc.forecastTime,
    width: GRID_WIDTH,
    height: GRID_HEIGHT,
    values,
  };
}

/**
 * The one decoder of stored grids for the page (the newest grid's source and the slider's frames):
 * decoding is ~65 K bytes a frame, so each document's grid is kept until its revision changes, and
 * the same document read again is the same object (React and the map skip an unchanged grid).
 * `keep` bounds how many documents' grids are kept (the newest-grid source needs one).
 */
export function gridDecoder(
  keep = Number.POSITIVE_INFINITY,
): (doc: { primary: string; revision: string; _data: GridDoc }) => GridSnapshot {
  const cache = new Map<string, { rev: string; grid: GridSnapshot }>();
  return (doc) => {
    const hit = cache.get(doc.primary);
    if (hit && hit.rev === doc.revision) return hit.grid;
    const grid = decodeGrid(doc._data);
    cache.delete(doc.primary);
    cache.set(doc.primary, { rev: doc.revision, grid });
    // Oldest first in insertion order: drop those beyond `keep`.
    for (const key of cache.keys()) {
      if (cache.size <= keep) break;
      cache.delete(key);
    }
    return grid;
  };
}
