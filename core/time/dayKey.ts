import type { SeriesProduct } from '../model.ts';

export const DAY_MS = 86_400_000;

/** Epoch ms of the UTC midnight at or before `t`. */
export function utcDayStart(t: number): number {
  return Math.floor(t / DAY_MS) * DAY_MS;
}

/** `YYYY-MM-DD` of the UTC day containing `t`. */
function utcDayString(t: number): string {
  return new Date(utcDayStart(t)).toISOString().slice(0, 10);
}

/** The series document id: `product/YYYY-MM-DD`. */
export function seriesChunkId(product: SeriesProduct, t: number): string {
  return `${product}/${utcDayString(t)}`;
}
