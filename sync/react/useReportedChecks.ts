import { startTransition, useEffect, useState } from 'react';
import { reportedChecksVersion, subscribeReportedChecks } from '../feeds/reportedChecks.ts';

/**
 * Re-renders when the page's poller reports later check times (../feeds/reportedChecks.ts): the
 * feed hooks lay them over the stored rows, which may lag by up to an hour.
 *
 * Not `useSyncExternalStore`: its updates always render synchronously, and the poller's first
 * reports come one task after another while the map's first oval is drawn, each re-rendering the
 * map page and the summary in a task that cannot yield. A later check time is never urgent: it
 * renders as a transition, which React time-slices and batches.
 */
export function useReportedChecksVersion(): number {
  const [version, setVersion] = useState(reportedChecksVersion);
  useEffect(() => {
    const update = () => startTransition(() => setVersion(reportedChecksVersion()));
    const unsubscribe = subscribeReportedChecks(update);
    // A report between this render and the subscription.
    update();
    return unsubscribe;
  }, []);
  return version;
}
