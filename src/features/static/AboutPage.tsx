import { Link } from 'react-router';
import { Page } from '../../ui/Page.tsx';
import { ROUTE_TEXT } from '../../ui/routeText.ts';

function AboutPage() {
  return (
    <Page title={ROUTE_TEXT['/about'].title} lead={ROUTE_TEXT['/about'].lead}>
      <article className="prose">
        <h2>What Aurora does</h2>
        <p>
          Aurora shows where the northern and southern lights are likely to be visible right now,
          how active the geomagnetic field is, and what the next three days look like. The map draws
          NOAA&apos;s OVATION aurora model on a world basemap; the forecast screen explains the
          planetary Kp index and the official three-day outlook; the live feeds list the alerts,
          watches and warnings the Space Weather Prediction Center issues.
        </p>
        <h2>Offline first, on purpose</h2>
        <p>
          Aurora hunters spend their best nights in dark, remote places with no signal. So the app
          never reads space-weather data straight from the network into the screen. A background
          worker fetches each product on its own schedule and stores it in a database on your
          device; every screen reads only from that local copy. With no connection at all the app
          still opens, shows the last aurora oval, Kp, solar wind and forecast it received, and
          tells you exactly how old each number is.
        </p>
        <p>
          Installed as an app, Aurora can refresh in the background and send you a notification when
          the Kp index crosses the threshold you choose (5 by default).
        </p>
        <h2>Where the data comes from</h2>
        <ul>
          <li>
            <strong>NOAA Space Weather Prediction Center (SWPC)</strong>: the OVATION aurora
            forecast, planetary Kp, real-time solar wind from the DSCOVR and ACE spacecraft, the
            three-day and 27-day forecasts, the solar cycle progression and the alert bulletins.
            SWPC data is in the public domain.
          </li>
          <li>
            <strong>NASA Solar Dynamics Observatory (SDO)</strong>: the solar images on the Solar
            Data screen.
          </li>
        </ul>
        <p>
          We do not alter the agencies&apos; forecasts. Where we derive a number (for example, the
          chance of aurora at a point on the map), we say how it is derived.
        </p>
        <h2>Accounts are optional</h2>
        <p>
          Everything works without an account. If you sign in, with email and password, a social
          account or an Ethereum wallet, your map preferences follow you between devices. See the{' '}
          <Link to="/privacy">Privacy Policy</Link> for exactly what that stores.
        </p>
        <h2>Who pays for it</h2>
        <p>
          Aurora is free and supported by a small number of clearly marked ads. They never appear
          inside the map or the forecast data, and a premium flag turns them off entirely.
        </p>
      </article>
    </Page>
  );
}
export default AboutPage;
