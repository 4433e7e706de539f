import { Link } from 'react-router';
import { Page } from '../../ui/Page.tsx';
import { ROUTE_TEXT } from '../../ui/routeText.ts';

function TermsPage() {
  return (
    <Page title={ROUTE_TEXT['/terms'].title} lead={ROUTE_TEXT['/terms'].lead}>
      <article className="prose">
        <h2>1. The service</h2>
        <p>
          Aurora displays space-weather data published by NOAA&apos;s Space Weather Prediction
          Center and imagery from NASA&apos;s Solar Dynamics Observatory, together with guides and
          news we write. By using the app you accept these terms.
        </p>
        <h2>2. Forecasts are forecasts</h2>
        <p>
          Aurora forecasts are uncertain. Data can be delayed, missing or wrong, upstream or in the
          app, and when you are offline the app shows the last data it received, labelled with its
          age. Do not rely on Aurora for safety-critical decisions, including navigation, aviation,
          power-grid or radio operations; use the agencies&apos; official products for those.
        </p>
        <h2>3. Being outdoors</h2>
        <p>
          Chasing the aurora means cold, dark and often remote places. Your safety is your
          responsibility: check the weather and road conditions, tell someone where you are going,
          and respect private land and local rules.
        </p>
        <h2>4. Accounts</h2>
        <p>
          You are responsible for keeping your sign-in details and wallet secure. You may delete
          your account at any time. We may suspend accounts used to attack or overload the service.
        </p>
        <h2>5. Acceptable use</h2>
        <p>
          Don&apos;t try to break, scrape at high volume or overload the service or its backend. The
          agency data itself is public: if you need it in bulk, take it from the agencies directly.
        </p>
        <h2>6. Content</h2>
        <p>
          The guides and articles are ours; you may quote and link to them with attribution. Agency
          data and imagery remain under their publishers&apos; terms (NOAA and NASA data are
          generally in the public domain).
        </p>
        <h2>7. Ads and premium</h2>
        <p>
          Aurora shows ads to fund the service. Premium removes them on the device where it is
          enabled.
        </p>
        <h2>8. No warranty</h2>
        <p>
          The service is provided &quot;as is&quot;, without warranty of any kind. To the extent the
          law allows, we are not liable for losses arising from its use or from data being
          unavailable or inaccurate.
        </p>
        <h2>9. Changes</h2>
        <p>
          We may update these terms; the app will show the new version here. Questions:{' '}
          <Link to="/contact">Contact Us</Link>. How we handle data:{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </article>
    </Page>
  );
}
export default TermsPage;
