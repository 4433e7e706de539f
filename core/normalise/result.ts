/**
 * What every normaliser returns. A normaliser never throws on upstream bytes: bad input is
 * `{ ok: false, error }` with a reason a person can read, so the caller keeps the last good data.
 */
import type { GridSnapshot, ProductRecord, Resource, SeriesBatch } from '../model.ts';

export interface NormaliseOk {
  ok: true;
  series: SeriesBatch[];
  grids: GridSnapshot[];
  products: ProductRecord[];
  /** Time of the newest data point (not the fetch time); null when the product has none. */
  dataTime: number | null;
  /** The known fields are intact but unknown extra columns or keys appeared. */
  schemaDrift: boolean;
  /** Key figures for people and logs (the ingest command prints this). JSON-safe. */
  summary: Record<string, unknown>;
}

export interface NormaliseFail {
  ok: false;
  error: string;
}

export type NormaliseResult = NormaliseOk | NormaliseFail;

export interface NormaliseOptions {
  /** Wall-clock time of the fetch, epoch ms. Passed in so normalisers stay pure. */
  now: number;
}

export type Normaliser = (body: string, opts: NormaliseOptions) => NormaliseResult;

/** Thrown inside a normaliser to bail out; `normalise` turns it into `{ ok: false }`. */
export class NormaliseError extends Error {
  override name = 'NormaliseError';
}

export function fail(resource: Resource, reason: string): NormaliseFail {
  return { ok: false, error: `${resource}: ${reason}` };
}

export function ok(part: Partial<Omit<NormaliseOk, 'ok'>>): NormaliseOk {
  return {
    ok: true,
    series: part.series ?? [],
    grids: part.grids ?? [],
    products: part.products ?? [],
    dataTime: part.dataTime ?? null,
    schemaDrift: part.schemaDrift ?? false,
    summary: part.summary ?? {},
  };
}
