/**
 * An OVATION frame kept compact in memory: the slider holds a day of frames (up to 288), and each
 * decoded grid is 65,160 bytes (plus its stored document's ~87 KB of base64). Most of the grid is
 * 0 (the ovals cover a band of latitudes) and the rest changes smoothly, so the values are kept as
 * runs of one value, and unpacked only when something reads `values` (the frame on screen),
 * through a small cache shared by every packed frame.
 */
import type { GridSnapshot } from '../../core/model.ts';
import { GRID_CELLS, GRID_HEIGHT, GRID_WIDTH } from '../../core/grid/grid.ts';

/** How many unpacked grids are kept at once: the frame shown, the ones just before and after it while playing. */
const UNPACKED_KEEP = 4;
/** The longest run one length byte says (a longer run is split). */
const RUN_MAX = 255;

/**
 * Values as runs of one value: (value, length) byte pairs, each run at most RUN_MAX long. Lossless
 * (OVATION's values are whole percents 0–100); the grid is smooth, so a frame of 65,160 cells
 * packs to ~17 KB (the fixture: 8,600 runs; tests/unit/sync/grids/packedGrid.test.ts).
 */
export function packValues(values: Uint8Array): Uint8Array {
  const out = new Uint8Array(values.length * 2);
  let o = 0;
  for (let i = 0; i < values.length;) {
    const v = values[i]!;
    let n = 1;
    while (i + n < values.length && values[i + n] === v && n < RUN_MAX) n++;
    out[o++] = v;
    out[o++] = n;
    i += n;
  }
  return out.slice(0, o);
}

export function unpackValues(packed: Uint8Array, length: number): Uint8Array {
  const values = new Uint8Array(length);
  let i = 0;
  for (let o = 0; o + 1 < packed.length; o += 2) {
    const n = packed[o + 1]!;
    if (packed[o] !== 0) values.fill(packed[o]!, i, i + n);
    i += n;
  }
  return values;
}

/** The unpacked grids, least recently read first. */
const unpacked = new Map<PackedGrid, Uint8Array>();

/** A frame whose values are unpacked on demand (a GridSnapshot for every reader). */
export class PackedGrid implements GridSnapshot {
  readonly width = GRID_WIDTH;
  readonly height = GRID_HEIGHT;
  readonly packed: Uint8Array;
  constructor(
    readonly observationTime: number,
    readonly forecastTime: number,
    values: Uint8Array,
  ) {
    this.packed = packValues(values);
  }

  get values(): Uint8Array {
    let values = unpacked.get(this);
    if (values) unpacked.delete(this);
    else values = unpackValues(this.packed, GRID_CELLS);
    unpacked.set(this, values);
    for (const key of unpacked.keys()) {
      if (unpacked.size <= UNPACKED_KEEP) break;
      unpacked.delete(key);
    }
    return values;
  }
}

/** How many grids are unpacked now (bounded by UNPACKED_KEEP; tests hold it to that). */
export function unpackedCount(): number {
  return unpacked.size;
}
