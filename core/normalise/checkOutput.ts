/**
 * The last gate before anything is written: an accepted result must fit the collection schema.
 * Normalisers are written to make this impossible to fail; if it ever does, the result is turned
 * into a failure ("internal error: …") so a bug in one parser still never replaces good data.
 * The fuzz test asserts that this message never appears.
 */
import type { NormaliseOk } from './result.ts';
import { GRID_HEIGHT, GRID_WIDTH } from '../grid/grid.ts';

export function checkOutput(result: NormaliseOk): string | null {
  for (const s of result.series) {
    if (s.t.length === 0) return `series ${s.product} is empty`;
    for (let i = 0; i < s.t.length; i++) {
      const t = s.t[i] as number;
      if (!Number.isFinite(t)) return `series ${s.product} has a non-finite time at ${i}`;
      if (i > 0 && !(t > (s.t[i - 1] as number)))
        return `series ${s.product} times are not ascending at ${i}`;
    }
    for (const [name, col] of Object.entries(s.fields)) {
      if (col.length !== s.t.length)
        return `series ${s.product} field ${name} has ${col.length} values for ${s.t.length} times`;
      for (const v of col)
        if (v !== null && !Number.isFinite(v))
          return `series ${s.product} field ${name} has a non-finite value`;
    }
  }
  for (const g of result.grids) {
    if (
      g.values.length !== g.width * g.height ||
      g.width !== GRID_WIDTH ||
      g.height !== GRID_HEIGHT
    )
      return 'grid is not 360×181';
    if (!Number.isFinite(g.observationTime) || !Number.isFinite(g.forecastTime))
      return 'grid times are not finite';
    for (const v of g.values) if (v > 100) return 'grid value above 100';
  }
  for (const p of result.products) {
    if (typeof p.id !== 'string' || p.id === '') return 'product without an id';
    if (!Number.isFinite(p.issued)) return `product ${p.id} has no finite issue time`;
  }
  if (result.dataTime !== null && !Number.isFinite(result.dataTime))
    return 'dataTime is not finite';
  return null;
}
