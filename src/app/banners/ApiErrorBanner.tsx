import { useSyncExternalStore } from 'react';
import {
  apiErrorStore,
  dismissApiErrors,
  feedReportStore,
  retryApiErrors,
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
  const now = useNow();
  const problem = dataProblemMessage(
    Object.values(reports),
    {
      online: network.isOnline && (globalThis.navigator?.onLine ?? true),
      forcedOffline: network.forcedOffline,
    },
    now,
  );
  const shownProblem = problem && problem.key !== state.dismissedProblem ? problem : null;
  if (!shownProblem && state.messages.length === 0) return null;
  return (
    <section className="banner banner--error" role="alert" aria-labelledby="api-error-title">
      <Icon name="alert" />
      <div className="banner__body">
        <h2 id="api-error-title" className="banner__title">
          API Error Detected
        </h2>
        {shownProblem ? <p className="banner__message">{shownProblem.text}</p> : null}
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
