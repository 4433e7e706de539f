import type { GridSnapshot } from '../../core/model.ts';
import type { GridDoc } from '../schemas/grids.ts';

export const GRID_WIDTH = 360;
export const GRID_HEIGHT = 181;
const GRID_BYTES = GRID_WIDTH * GRID_HEIGHT;

// String.fromCharCode takes its arguments on the stack; 8 K per call stays far below any limit.
const CHUNK = 0x2000;

// The platform's own codec where it exists (Chromium ≥ 140, Firefox ≥ 133, Safari ≥ 18.2): one
// native pass instead of a binary string plus a per-character loop.
const native = Uint8Array as unknown as { fromBase64?: (b64: string) => Uint8Array };
const nativeProto = Uint8Array.prototype as unknown as { toBase64?: () => string };

/** Bytes → base64 (btoa exists in pages, workers, Node ≥ 16 and Deno). */
export function bytesToBase64(bytes: Uint8Array): string {
  if (typeof nativeProto.toBase64 === 'function') return nativeProto.toBase64.call(bytes);
  return bytesToBase64Portable(bytes);
}

/** The fallback of bytesToBase64, exported so tests hold it to the same answers. */
export function bytesToBase64Portable(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode.apply(null, bytes.subarray(i, i + CHUNK) as unknown as number[]);
  }
  return btoa(binary);
}

export function base64ToBytes(b64: string): Uint8Array {
  if (typeof native.fromBase64 === 'function') return native.fromBase64(b64);
  return base64ToBytesPortable(b64);
}

/** The fallback of base64ToBytes (atob): no allocation per cell, one output array. */
export function base64ToBytesPortable(b64: string): Uint8Array {
  const binary = atob(b64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export function gridDocId(observationTime: number): string {
  return `ovation/${observationTime}`;
}

export function encodeGrid(grid: GridSnapshot, meta: { fetchedAt: number; source?: string | null }): GridDoc {
  if (grid.values.length !== GRID_BYTES) {
    throw new Error(`OVATION grid has ${grid.values.length} cells, expected ${GRID_BYTES} (360 × 181)`);
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
export function decodeGrid(doc: Pick<GridDoc, 'observationTime' | 'forecastTime' | 'values'>): GridSnapshot {
  const values = base64ToBytes(doc.values);
  if (values.length !== GRID_BYTES) {
    throw new Error(`Stored OVATION grid has ${values.length} cells, expected ${GRID_BYTES}`);
  }
  return { observationTime: doc.observationTime, forecastTime: doc.forecastTime, width: 360, height: 181, values };
}
