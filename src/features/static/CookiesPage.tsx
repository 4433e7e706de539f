import { useState } from 'react';
import { Link } from 'react-router';
import { CONSENT_KEYS, hasConsent } from '../../lib/consent.ts';
import { writeFlag } from '../../lib/storage.ts';
import { Page } from '../../ui/Page.tsx';
import { ROUTE_TEXT } from '../../ui/routeText.ts';

function ConsentControl() {
  const [consent, setConsent] = useState(() => hasConsent());
  const choose = (value: boolean) => {
    for (const key of CONSENT_KEYS) writeFlag(key, String(value));
    setConsent(value);
  };
  return (
    <div className="card consent-control">
      <p>
        Your current choice:{' '}
        <strong>
          {consent ? 'analytics and ad cookies allowed' : 'analytics and ad cookies refused'}
        </strong>
        .
      </p>
      {consent ? (
        <button type="button" className="button" onClick={() => choose(false)}>
          Withdraw consent
        </button>
      ) : (
        <button type="button" className="button button--primary" onClick={() => choose(true)}>
          Allow analytics and ad cookies
        </button>
      )}
      <p className="muted">The change applies from the next page load.</p>
    </div>
  );
}

function CookiesPage() {
  return (
    <Page title={ROUTE_TEXT['/cookies'].title} lead={ROUTE_TEXT['/cookies'].lead}>
      <article className="prose">
        <h2>What the app stores itself</h2>
        <p>
          The app keeps its data in your browser&apos;s storage, not in cookies: IndexedDB for
          space-weather data and preferences, the service-worker cache for the app files, and a few
          local-storage flags (sidebar state, Go Offline choice, cookie consent). If you sign in,
          your session is kept in local storage too. These are needed for the app to work and are
          never shared. See the <Link to="/privacy">Privacy Policy</Link>.
        </p>
        <h2>Consent</h2>
        <p>
          When you first open Aurora and have not made a choice, consent is recorded as given (the
          keys <code>cookieConsent</code> and <code>cookie-consent</code> in local storage), which
          allows analytics storage and ad storage. You can withdraw it here at any time; a refusal
          is remembered and respected.
        </p>
        <ConsentControl />
        <h2>Third-party cookies</h2>
        <ul>
          <li>
            <strong>Analytics</strong> (a tag manager and a conversion tag): records which screens
            are opened, so we know which guides are useful. Loaded three seconds after the page is
            idle, only on the public site.
          </li>
          <li>
            <strong>Advertising</strong>: the ad provider may set cookies to limit how often you see
            an ad and to measure ads. Ads are not loaded if you refuse consent, if premium is on, if
            ads are disabled, or if your browser blocks them.
          </li>
        </ul>
        <p>
          Neither is loaded on local or development copies of the app. You can also block or delete
          cookies in your browser settings; the app keeps working without them.
        </p>
      </article>
    </Page>
  );
}
export default CookiesPage;
