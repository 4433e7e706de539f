/**
 * The OVATION frame as the difference from the frame the worker holds (core/compact/gridDiff.ts,
 * through encodeCompact/decodeCompact): exact round trips, a fraction of the full form's bytes
 * when the oval turned with the Earth, and refused from any frame but the very one it was made from.
 */
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { GridSnapshot } from '../../../../core/model.ts';
import { normalise } from '../../../../core/normalise/index.ts';
import { decodeCompact, encodeCompact } from '../../../../core/compact/compactForm.ts';
import {
  applyGridDifference,
  gridDifference,
  MAX_GRID_SHIFT,
} from '../../../../core/compact/gridDiff.ts';
import { GRID_CELLS, GRID_HEIGHT, GRID_WIDTH } from '../../../../core/grid/grid.ts';
import { NOW } from '../../../support/fixtureFiles.ts';
import { constructed } from '../../../support/constructedSwpc.ts';

const FIVE_MIN = 5 * 60_000;

function frame(): GridSnapshot {
  const r = normalise('aurora-oval', constructed('ovation_aurora_latest.json'), { now: NOW });
  if (!r.ok) throw new Error(r.error);
  return r.grids[0]!;
}

/** The frame turned `columns` east (what the Earth's turn does to the oval in geographic longitude). */
function turned(g: GridSnapshot, columns: number, later = FIVE_MIN): GridSnapshot {
  const values = new Uint8Array(GRID_CELLS);
  for (let row = 0; row < GRID_HEIGHT; row++)
    for (let col = 0; col < GRID_WIDTH; col++)
      values[row * GRID_WIDTH + ((col + columns + GRID_WIDTH) % GRID_WIDTH)] =
        g.values[row * GRID_WIDTH + col]!;
  return {
    ...g,
    observationTime: g.observationTime + later,
    forecastTime: g.forecastTime + later,
    values,
  };
}

function encoded(next: GridSnapshot, base: GridSnapshot | null): string {
  return encodeCompact(
    {
      resource: 'aurora-oval',
      dataTime: next.observationTime,
      schemaDrift: false,
      series: [],
      grids: [next],
    },
    base?.observationTime ?? null,
    undefined,
    base,
  );
}

const at = (g: GridSnapshot) => ({ now: g.observationTime + 60_000 });
const encodingOf = (text: string) =>
  (JSON.parse(text) as { grids: { encoding: string }[] }).grids[0]!.encoding;

describe('an OVATION frame as the difference from the one held', () => {
  it.each([-2, -1, 1, 2])(
    'rebuilds a frame turned %i columns exactly, in a small part of the full form’s compressed bytes',
    (columns) => {
      const held = frame();
      const next = turned(held, columns);
      const diff = encoded(next, held);
      expect(encodingOf(diff)).toBe('shift-diff-base64');
      const read = decodeCompact('aurora-oval', diff, { ...at(next), gridBase: held });
      expect(read.ok && read.grids).toEqual([next]);
      const full = brotliCompressSync(encoded(next, null)).length;
      expect(brotliCompressSync(diff).length).toBeLessThan(full / 5);
    },
  );

  it('rebuilds a frame that also changed in places, every cell exact', () => {
    const held = frame();
    const next = turned(held, 1);
    for (let i = 0; i < GRID_CELLS; i += 997) next.values[i] = (next.values[i]! + 37) % 101;
    const read = decodeCompact('aurora-oval', encoded(next, held), {
      ...at(next),
      gridBase: held,
    });
    expect(read.ok && read.grids[0]!.values).toEqual(next.values);
  });

  it('sends the full form when the difference would not be smaller', () => {
    const held = frame();
    // A flat frame: its own western neighbours predict it perfectly, the held oval does not.
    const unrelated = turned(held, 0);
    unrelated.values.fill(3);
    expect(gridDifference(unrelated.values, held.values, GRID_CELLS - GRID_HEIGHT)).toBeNull();
    const text = encoded(unrelated, held);
    expect(encodingOf(text)).toBe('sub-base64');
    const read = decodeCompact('aurora-oval', text, { ...at(unrelated), gridBase: null });
    expect(read.ok && read.grids[0]!.values).toEqual(unrelated.values);
  });

  it('refuses a difference from a frame other than the one held, or with none held', () => {
    const held = frame();
    const next = turned(held, 1);
    const diff = encoded(next, held);
    const other = turned(held, 0, 0);
    other.values[5000] = (other.values[5000]! + 1) % 101; // re-issued under the same time
    for (const gridBase of [null, other, turned(held, 0, -FIVE_MIN)]) {
      const read = decodeCompact('aurora-oval', diff, { ...at(next), gridBase });
      expect(read.ok).toBe(false);
      expect(!read.ok && read.error).toMatch(
        /^aurora-oval: compact body refused: grid is a difference from the frame observed at \d+, which is not the one held$/,
      );
    }
  });

  it('refuses a shift out of range and cells above 100', () => {
    const base = new Uint8Array(GRID_CELLS).fill(90);
    const residual = new Uint8Array(GRID_CELLS);
    expect(applyGridDifference(base, MAX_GRID_SHIFT + 1, residual)).toMatch(/^grid shift 4 /);
    expect(applyGridDifference(base, 0.5, residual)).toMatch(/^grid shift 0.5 /);
    residual[12] = 11;
    expect(applyGridDifference(base, 0, residual)).toBe('grid cell 12 is 101, above 100');
  });
});
