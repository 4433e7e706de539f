import { map } from 'rxjs';
import type { HookResult, ProductKind, ProductRecord } from '../../core/model.ts';
import type { ProductDoc } from '../schemas/products.ts';
import { useLiveResult } from './useLiveResult.ts';

function record<T>(doc: { _data: ProductDoc }): ProductRecord<T> {
  const d = doc._data;
  return { id: d.id, kind: d.kind, issued: d.issued, data: d.data as T, raw: d.raw };
}

/** The newest product of a kind (the single copy of a forecast; the latest alert), live. */
export function useProduct<T = unknown>(kind: ProductKind): HookResult<ProductRecord<T> | null> {
  return useLiveResult(
    `product:${kind}`,
    (db) =>
      db.products
        .findOne({ selector: { kind }, sort: [{ issued: 'desc' }] })
        .$.pipe(map((doc) => (doc ? record<T>(doc) : null))),
    null,
  );
}

const NONE: ProductRecord[] = [];

/** Every stored product of a kind, newest first (alerts: the last 7 days), live. */
export function useProducts<T = unknown>(kind: ProductKind): HookResult<ProductRecord<T>[]> {
  return useLiveResult(
    `products:${kind}`,
    (db) =>
      db.products
        .find({ selector: { kind }, sort: [{ issued: 'desc' }] })
        .$.pipe(map((docs) => docs.map((d) => record<T>(d)))),
    NONE as ProductRecord<T>[],
  );
}
