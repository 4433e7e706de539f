import { reportedChecksVersion, subscribeReportedChecks } from '../feeds/reportedChecks.ts';
import { useTransitionStore } from './useTransitionStore.ts';

/**
 * Re-renders when the page's poller reports later check times (../feeds/reportedChecks.ts): the
 * feed hooks lay them over the stored rows, which may lag by up to an hour. A later check time is
 * never urgent, and the poller's first reports come one task after another while the map's first
 * oval is drawn: they render as transitions (useTransitionStore.ts).
 */
export function useReportedChecksVersion(): number {
  return useTransitionStore(subscribeReportedChecks, reportedChecksVersion);
}
