import Dexie from 'dexie';
import { newRxError } from 'rxdb';
import { describe, expect, it } from 'vitest';
import { isQuotaError } from '../../../../sync/storage/isQuotaError.ts';

const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

describe('telling a full storage from other write failures', () => {
  it('recognises the browser’s error, Dexie’s aborted transaction and RxDB’s wrapping of either', () => {
    expect(isQuotaError(quota())).toBe(true);
    const aborted = new Dexie.AbortError(quota());
    expect(aborted.name).toBe('AbortError');
    expect(isQuotaError(aborted)).toBe(true);
    expect(isQuotaError(newRxError('SNH', { error: aborted } as never))).toBe(true);
    expect(isQuotaError({ errors: [{ status: 409 }, { writeError: quota() }] })).toBe(true);
  });

  it('does not take a conflict, a closed database or a network failure for a full storage', () => {
    expect(isQuotaError(new Dexie.DatabaseClosedError())).toBe(false);
    expect(isQuotaError(new Dexie.AbortError())).toBe(false);
    expect(isQuotaError({ status: 409, documentId: 'local' })).toBe(false);
    expect(isQuotaError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });
});
