/**
 * `normalise(resource, body, { now })`: the one entry point from upstream bytes to the shapes of
 * sync/model.ts. Pure TypeScript (no DOM, no Node): the poller worker, the backend (maybe under
 * Deno) and `npm run ingest` all run this same code. Never throws.
 */
import type { Resource } from '../../sync/model.ts';
import { NormaliseError, fail, type NormaliseOptions, type NormaliseResult, type Normaliser } from './result.ts';
import { checkOutput } from './checkOutput.ts';
import { normaliseKpIndex } from './kpIndex.ts';
import { normaliseAuroraOval } from './auroraOval.ts';

export type { NormaliseOk, NormaliseFail, NormaliseResult, NormaliseOptions, Normaliser } from './result.ts';
export { parseSwpcTime, parseYearMonth, parseIssued } from './swpcTime.ts';
export { gScaleFromKp } from './values.ts';
export { gridIndex, GRID_CELLS } from './auroraOval.ts';

export const NORMALISERS: Partial<Record<Resource, Normaliser>> = {
  'kp-index': normaliseKpIndex,
  'aurora-oval': normaliseAuroraOval,
};

export function normalise(resource: Resource, body: string, opts: NormaliseOptions): NormaliseResult {
  const normaliser = NORMALISERS[resource];
  if (!normaliser) return fail(resource, 'no normaliser for this resource');
  try {
    const result = normaliser(body, opts);
    if (!result.ok) return result;
    const problem = checkOutput(result);
    return problem ? fail(resource, `internal error: ${problem}`) : result;
  } catch (e) {
    if (e instanceof NormaliseError) return fail(resource, e.message);
    // A parser bug must not take the poller down or replace good data.
    return fail(resource, `internal error: ${e instanceof Error ? e.message : String(e)}`);
  }
}
