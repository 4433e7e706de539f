/**
 * Test helper: the checks every accepted normaliser output must pass, written independently of
 * core/normalise/checkOutput.ts so the fuzz test does not trust the code it tests.
 */
import type { NormaliseResult } from '../../core/normalise/index.ts';

export function wellFormedProblem(result: NormaliseResult): string | null {
  if (!result.ok) {
    if (typeof result.error !== 'string' || result.error.length < 5)
      return 'error without a reason';
    if (result.error.includes('internal error')) return `internal error escaped: ${result.error}`;
    return null;
  }
  for (const s of result.series) {
    if (s.t.length === 0) return `${s.product}: empty series accepted`;
    for (let i = 0; i < s.t.length; i++) {
      const t = s.t[i] as number;
      if (typeof t !== 'number' || !Number.isFinite(t)) return `${s.product}: time ${i} not finite`;
      if (i > 0 && t <= (s.t[i - 1] as number)) return `${s.product}: times not ascending at ${i}`;
    }
    let anyValue = false;
    for (const [name, col] of Object.entries(s.fields)) {
      if (col.length !== s.t.length)
        return `${s.product}.${name}: length ${col.length} ≠ ${s.t.length}`;
      for (const v of col) {
        if (v === null) continue;
        if (typeof v !== 'number' || !Number.isFinite(v))
          return `${s.product}.${name}: value ${String(v)} not finite`;
        anyValue = true;
      }
    }
    if (!anyValue) return `${s.product}: accepted a series with no value at all`;
    if (s.source !== null && typeof s.source !== 'string')
      return `${s.product}: source not a string`;
  }
  for (const g of result.grids) {
    if (g.width !== 360 || g.height !== 181 || g.values.length !== 65_160)
      return 'grid not 360×181 = 65,160';
    if (!(g.values instanceof Uint8Array)) return 'grid values not a Uint8Array';
    for (const v of g.values) if (v > 100) return `grid value ${v} above 100`;
    if (!Number.isFinite(g.observationTime) || !Number.isFinite(g.forecastTime))
      return 'grid times not finite';
  }
  for (const p of result.products) {
    if (typeof p.id !== 'string' || p.id === '') return 'product without id';
    if (!Number.isFinite(p.issued)) return `${p.id}: issued not finite`;
    if (p.raw !== null && typeof p.raw !== 'string') return `${p.id}: raw not text`;
    // JSON-safe: NaN, Infinity, undefined or typed arrays would not survive the round trip.
    const copy: unknown = JSON.parse(JSON.stringify(p.data));
    if (!deepEqual(copy, p.data)) return `${p.id}: data is not JSON-safe`;
  }
  if (result.dataTime !== null && !Number.isFinite(result.dataTime)) return 'dataTime not finite';
  if (typeof result.schemaDrift !== 'boolean') return 'schemaDrift not boolean';
  const summary: unknown = JSON.parse(JSON.stringify(result.summary));
  if (!deepEqual(summary, result.summary)) return 'summary is not JSON-safe';
  return null;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Object.getPrototypeOf(b) !== Object.prototype && !Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) =>
    deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}
