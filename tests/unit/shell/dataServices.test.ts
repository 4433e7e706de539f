import { describe, expect, it } from 'vitest';
import { pollFailureMessage, shouldRefreshOnVisible, VISIBLE_REFRESH_MIN_GAP_MS } from '../../../src/app/dataServices.ts';

describe('connecting the poller to the shell', () => {
  const failed = { resource: 'kp-index', outcome: 'failed', error: 'Request timed out after 10000ms' };

  it('puts a failed poll in the error banner with the spec wording while the network should work', () => {
    expect(pollFailureMessage(failed, { online: true, forcedOffline: false })).toBe(
      'Failed to refresh data: kp-index — Request timed out after 10000ms',
    );
  });

  it('stays quiet offline, in Go Offline mode, and for polls that worked', () => {
    expect(pollFailureMessage(failed, { online: false, forcedOffline: false })).toBeNull();
    expect(pollFailureMessage(failed, { online: true, forcedOffline: true })).toBeNull();
    expect(pollFailureMessage({ ...failed, outcome: 'unchanged', error: null }, { online: true, forcedOffline: false })).toBeNull();
  });

  it('refreshes on becoming visible at most once a minute', () => {
    expect(shouldRefreshOnVisible(0, VISIBLE_REFRESH_MIN_GAP_MS - 1)).toBe(false);
    expect(shouldRefreshOnVisible(0, VISIBLE_REFRESH_MIN_GAP_MS)).toBe(true);
  });
});
