import { useSyncExternalStore } from 'react';
import { reportedChecksVersion, subscribeReportedChecks } from '../feeds/reportedChecks.ts';

/**
 * Re-renders when the page's poller reports later check times (../feeds/reportedChecks.ts): the
 * feed hooks lay them over the stored rows, which may lag by up to an hour.
 */
export function useReportedChecksVersion(): number {
  return useSyncExternalStore(
    subscribeReportedChecks,
    reportedChecksVersion,
    reportedChecksVersion,
  );
}
