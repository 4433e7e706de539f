import { useSyncExternalStore } from 'react';
import { apiErrorStore, dismissApiErrors, retryApiErrors } from '../../lib/apiErrors.ts';
import { Icon } from '../../ui/Icon.tsx';

/** Spec §2/§8: "API Error Detected", with Retry (runs the queued requests again) and Dismiss. */
export function ApiErrorBanner() {
  const state = useSyncExternalStore(apiErrorStore.subscribe, apiErrorStore.get, apiErrorStore.get);
  if (state.messages.length === 0) return null;
  return (
    <section className="banner banner--error" role="alert" aria-labelledby="api-error-title">
      <Icon name="alert" />
      <div className="banner__body">
        <h2 id="api-error-title" className="banner__title">API Error Detected</h2>
        <ul className="banner__list">
          {state.messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
        {state.retryMessage ? <p className="banner__note">{state.retryMessage}</p> : null}
      </div>
      <div className="banner__actions">
        <button type="button" className="button button--primary" onClick={() => void retryApiErrors()} disabled={state.retrying}>
          {state.retrying ? 'Retrying…' : 'Retry'}
        </button>
        <button type="button" className="button" onClick={dismissApiErrors}>
          Dismiss
        </button>
      </div>
    </section>
  );
}
