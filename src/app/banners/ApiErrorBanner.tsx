import { useSyncExternalStore } from 'react';
import {
  apiErrorStore,
  dismissApiErrors,
  feedReportStore,
  retryApiErrors,
  type FeedReport,
} from '../../lib/apiErrors.ts';
import { networkStore } from '../../lib/network/networkMonitor.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useNow } from '../../ui/useNow.ts';
import { dataProblemMessage } from './dataProblemMessage.ts';

/**
 * "API Error Detected", with Retry (runs the queued requests again) and Dismiss. What
 * the feeds are missing is said once, in words (dataProblemMessage); each feed's technical error
 * stays in /debug/api. Other failures (the start-up of the data services) are listed as reported.
 */
export function ApiErrorBanner() {
  const state = useSyncExternalStore(apiErrorStore.subscribe, apiErrorStore.get, apiErrorStore.get);
  const reports = useSyncExternalStore(
    feedReportStore.subscribe,
    feedReportStore.get,
    feedReportStore.get,
  );
  const network = useSyncExternalStore(networkStore.subscribe, networkStore.get, networkStore.get);
  const conditions = {
    online: network.isOnline && (globalThis.navigator?.onLine ?? true),
    forcedOffline: network.forcedOffline,
  };
  // Whether there is a problem does not depend on the clock (the reports carry their ages), only
  // its wording does: the clock runs only while a sentence with an age is on screen (ProblemText).
  const problem = dataProblemMessage(Object.values(reports), conditions, 0);
  const shownProblem = problem && problem.key !== state.dismissedProblem ? problem : null;
  if (!shownProblem && state.messages.length === 0) return null;
  return (
    <section className="banner banner--error" role="alert" aria-labelledby="api-error-title">
      <Icon name="alert" />
      <div className="banner__body">
        <h2 id="api-error-title" className="banner__title">
          API Error Detected
        </h2>
        {shownProblem ? (
          <ProblemText reports={Object.values(reports)} conditions={conditions} />
        ) : null}
        {state.messages.length > 0 ? (
          <ul className="banner__list">
            {state.messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
        {state.retryMessage ? <p className="banner__note">{state.retryMessage}</p> : null}
      </div>
      <div className="banner__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => void retryApiErrors()}
          disabled={state.retrying}
        >
          {state.retrying ? 'Retrying…' : 'Retry'}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => dismissApiErrors(problem?.key ?? null)}
        >
          Dismiss
        </button>
      </div>
    </section>
  );
}

/** The banner's sentence, its ages moving on the page's shared clock while it is shown. */
function ProblemText({
  reports,
  conditions,
}: {
  reports: FeedReport[];
  conditions: { online: boolean; forcedOffline: boolean };
}) {
  const now = useNow();
  return <p className="banner__message">{dataProblemMessage(reports, conditions, now)?.text}</p>;
}
