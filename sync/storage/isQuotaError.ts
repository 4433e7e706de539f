/**
 * Whether an error from a database write means the device's storage is full. IndexedDB raises a
 * `QuotaExceededError` DOMException (the transaction's `error`, or the request's); Dexie passes
 * it on as an error named `QuotaExceededError` and RxDB wraps that again (in `parameters`, or as
 * the write's error list), so the whole chain is searched, a few levels deep.
 */
const QUOTA_NAMES = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);
/** How far down wrapped errors are followed: RxDB → Dexie → DOMException is three. */
const MAX_DEPTH = 6;

export function isQuotaError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > MAX_DEPTH) return false;
  const e = error as Record<string, unknown>;
  if (typeof e['name'] === 'string' && QUOTA_NAMES.has(e['name'])) return true;
  if (typeof e['message'] === 'string' && /QuotaExceededError/.test(e['message'])) return true;
  const inner = [e['inner'], e['cause'], e['error'], e['parameters'], e['writeError']];
  for (const list of [e['errors'], e['failures']])
    if (Array.isArray(list)) inner.push(...(list as unknown[]));
  return inner.some((i) => isQuotaError(i, depth + 1));
}
