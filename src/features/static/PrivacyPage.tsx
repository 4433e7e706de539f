import { Link } from 'react-router';
import { Page } from '../../ui/Page.tsx';
import { ROUTE_TEXT } from '../../ui/routeText.ts';

function PrivacyPage() {
  return (
    <Page title={ROUTE_TEXT['/privacy'].title} lead={ROUTE_TEXT['/privacy'].lead}>
      <article className="prose">
        <h2>Without an account</h2>
        <p>Aurora works without an account. On your device it stores:</p>
        <ul>
          <li>
            <strong>Space-weather data</strong> (aurora oval frames from the last 24 hours, Kp,
            solar wind, forecasts, alerts) in the browser&apos;s IndexedDB, so the app works
            offline. This is public agency data, not data about you.
          </li>
          <li>
            <strong>Your map preferences</strong> (map view, map style, whether the aurora and cloud
            layers show on load).
          </li>
          <li>
            <strong>Notification settings</strong> in a small database named{' '}
            <code>aurora-tracking-db</code>: whether push alerts are on, your Kp threshold, when you
            were last notified, and the places you asked to be alerted for with their quiet hours
            (checked on your device in the background where the browser allows it).
          </li>
          <li>
            <strong>Small flags in local storage</strong>: whether the sidebar is collapsed, whether
            you chose Go Offline, your cookie consent, and developer flags such as{' '}
            <code>debug-mode</code>.
          </li>
          <li>
            <strong>The app itself</strong>, cached by its service worker so it opens without a
            network.
          </li>
        </ul>
        <p>
          None of this is sent to us. Clearing the site&apos;s data in your browser settings (or
          uninstalling the app) deletes all of it.
        </p>
        <h2>With an account</h2>
        <p>
          Accounts are provided by our hosted backend (Supabase, a Postgres database with
          authentication). If you sign up we store your email address, a password hash (never the
          password), when the account was created and updated, and your map preferences. If you sign
          in through a social provider we also store the name and avatar address it gives us. If you
          sign in with an Ethereum wallet we store your wallet address (and ENS name, if any); we
          never see or store your private key. Database rules ensure that only you can read or
          change your profile.
        </p>
        <h2>Push alerts</h2>
        <p>
          If you turn on Kp alerts, your browser gives us a push subscription (an address at your
          browser vendor&apos;s push service and encryption keys) which we store with your threshold
          so that we can send the alert. Turning alerts off deletes the subscription.
        </p>
        <p>
          If you also ask to be told when the aurora is likely visible from a saved place, and push
          alerts are on, we store that place with the subscription: its name and its position
          rounded to 0.1° (about 11 km), never finer, with your quiet hours and time zone. We store
          a place only for this kind of alert and only while it is on: turning it off, or turning
          push alerts off, deletes it. Kp alerts need no place, so none is stored for them. To judge
          the sky we ask our weather service for the clouds over that 0.1° area.
        </p>
        <h2>Location and weather</h2>
        <p>
          If you allow it, the map uses your location on your device to show where you are relative
          to the aurora oval. Aurora does not send your location to our servers, except a saved
          place you turn &quot;likely visible&quot; push alerts on for, rounded to 0.1° (see Push
          alerts). Cloud-cover tiles, when switched on, are requested from the weather provider for
          the part of the map you are viewing.
        </p>
        <h2>Analytics and ads</h2>
        <p>
          On the public site, with your consent, we count page views (which screen was opened, not
          who opened it) and show ads from an ad provider, which may set cookies. The{' '}
          <Link to="/cookies">Cookie Policy</Link> lists them and lets you withdraw consent. Neither
          runs on local or development copies of the app.
        </p>
        <h2>Your rights</h2>
        <p>
          You can ask us for a copy of your account data, to correct it, or to delete your account:
          see <Link to="/contact">Contact Us</Link>. We keep account data until you delete the
          account, and server logs for no longer than 30 days.
        </p>
      </article>
    </Page>
  );
}
export default PrivacyPage;
