import { NORMALISERS, normalise } from '../../../workers/normalise/index.ts';
import type { Normalised } from './archive.ts';
import { resourceSpec, type SpaceWeatherResource } from './resources.ts';

export type Validation = ({ ok: true; dataTime: number | null; checkedBy: 'normalise' | 'basic' } & Normalised) | { ok: false; error: string };

export type Validator = (resource: SpaceWeatherResource, body: string, opts: { now: number }) => Validation;

/**
 * Where the poller has no normaliser for a product yet, at least refuse what is obviously not the
 * product (an HTML error page, a truncated JSON document, an empty body), so it never replaces a
 * good cached copy.
 */
function basicCheck(resource: SpaceWeatherResource, body: string): Validation {
  const trimmed = body.trim();
  if (!trimmed) return { ok: false, error: `${resource}: empty body` };
  if (/^<(!doctype|html)/i.test(trimmed)) return { ok: false, error: `${resource}: got an HTML page instead of data` };
  if (resourceSpec(resource).contentType === 'application/json') {
    try {
      JSON.parse(trimmed);
    } catch {
      return { ok: false, error: `${resource}: body is not valid JSON (truncated?)` };
    }
  }
  return { ok: true, dataTime: null, checkedBy: 'basic', series: [], grids: [], products: [] };
}

/** The same code as the worker (workers/normalise) decides whether an upstream body is good. */
export const validateWithNormalise: Validator = (resource, body, opts) => {
  if (!NORMALISERS[resource]) return basicCheck(resource, body);
  const result = normalise(resource, body, opts);
  if (!result.ok) return result;
  return { ok: true, dataTime: result.dataTime, checkedBy: 'normalise', series: result.series, grids: result.grids, products: result.products };
};
