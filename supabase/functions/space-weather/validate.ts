import { normalise } from '../../../core/normalise/index.ts';
import type { Normalised } from './archive.ts';
import type { SpaceWeatherResource } from './resources.ts';

type Validation =
  | ({ ok: true; dataTime: number | null; schemaDrift?: boolean } & Normalised)
  | { ok: false; error: string };

export type Validator = (
  resource: SpaceWeatherResource,
  body: string,
  opts: { now: number },
) => Validation;

/** The same code as the worker (core/normalise) decides whether an upstream body is good. */
export const validateWithNormalise: Validator = (resource, body, opts) => {
  const result = normalise(resource, body, opts);
  if (!result.ok) return result;
  return {
    ok: true,
    dataTime: result.dataTime,
    schemaDrift: result.schemaDrift,
    series: result.series,
    grids: result.grids,
    products: result.products,
  };
};
