import { Link } from 'react-router';
import { config } from '../../lib/config.ts';
import { Page } from '../../ui/Page.tsx';
import { ROUTE_TEXT } from '../../ui/routeText.ts';

function ContactPage() {
  const email = config.contactEmail;
  return (
    <Page title={ROUTE_TEXT['/contact'].title} lead={ROUTE_TEXT['/contact'].lead}>
      <article className="prose">
        <h2>Email</h2>
        <p>
          Write to <a href={`mailto:${email}`}>{email}</a>. We read every message and usually answer
          within a few days.
        </p>
        <h2>Reporting a problem</h2>
        <p>A useful report tells us:</p>
        <ul>
          <li>the screen you were on and what you expected to see;</li>
          <li>
            whether you were online, offline or in Go Offline mode (the switch in the header), and
            the data age the screen showed;
          </li>
          <li>your browser and device, and whether Aurora was installed as an app;</li>
          <li>the app version, printed at the bottom of every page.</li>
        </ul>
        <h2>About the forecasts</h2>
        <p>
          Aurora displays the forecasts of NOAA&apos;s Space Weather Prediction Center; it does not
          make its own. If you think a forecast itself is wrong, SWPC is the right place to ask. If
          the app shows something different from what SWPC publishes, that is our bug: please tell
          us.
        </p>
        <h2>Your data</h2>
        <p>
          To see, export or delete what your account stores, write to us from the address you signed
          up with. You can also delete everything stored on this device yourself: the{' '}
          <Link to="/privacy">Privacy Policy</Link> says how.
        </p>
      </article>
    </Page>
  );
}
export default ContactPage;
