import { Link } from 'react-router';
import { APP_VERSION } from '../lib/buildInfo.ts';
import { config } from '../lib/config.ts';
import { Icon } from '../ui/Icon.tsx';
import { Logo } from './Logo.tsx';
import { useSidebarStateEvent } from './sidebarState.ts';

const TAGLINE = 'Real-time aurora tracking and forecasting at your fingertips.';

/** Four columns (about, navigation, legal, contact). Its left edge follows the sidebar through `sidebar-state`. */
export function Footer() {
  const collapsed = useSidebarStateEvent();
  return (
    <footer
      className={collapsed ? 'footer footer--sidebar-collapsed' : 'footer'}
      data-sidebar-collapsed={collapsed}
    >
      <div className="footer__grid">
        <section className="footer__brand" aria-label="Aurora">
          <Link to="/" className="footer__logo">
            <Logo />
          </Link>
          <p className="footer__tagline">{TAGLINE}</p>
          <ul className="footer__social" aria-label="Follow us">
            <li>
              <a
                href={config.social.mastodon}
                rel="me noopener"
                target="_blank"
                aria-label="Aurora on Mastodon"
              >
                <Icon name="mastodon" />
              </a>
            </li>
            <li>
              <a
                href={config.social.bluesky}
                rel="noopener"
                target="_blank"
                aria-label="Aurora on Bluesky"
              >
                <Icon name="bluesky" />
              </a>
            </li>
            <li>
              <a
                href={config.social.github}
                rel="noopener"
                target="_blank"
                aria-label="Aurora on GitHub"
              >
                <Icon name="github" />
              </a>
            </li>
          </ul>
        </section>
        <nav className="footer__column" aria-labelledby="footer-quick">
          <h2 id="footer-quick">Quick Links</h2>
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/forecast">Aurora Forecast</Link>
            </li>
            <li>
              <Link to="/news">Space News</Link>
            </li>
            <li>
              <Link to="/guide">Aurora Guides</Link>
            </li>
          </ul>
        </nav>
        <nav className="footer__column" aria-labelledby="footer-resources">
          <h2 id="footer-resources">Resources</h2>
          <ul>
            <li>
              <Link to="/guide">Aurora Guides</Link>
            </li>
            <li>
              <Link to="/news">Space News</Link>
            </li>
            <li>
              <Link to="/about">About Us</Link>
            </li>
            <li>
              <Link to="/contact">Contact Us</Link>
            </li>
          </ul>
        </nav>
        <nav className="footer__column" aria-labelledby="footer-legal">
          <h2 id="footer-legal">Legal</h2>
          <ul>
            <li>
              <Link to="/terms">Terms &amp; Conditions</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/cookies">Cookie Policy</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="footer__fineprint">
        Space-weather data: NOAA Space Weather Prediction Center (public domain). Solar imagery:
        NASA SDO. Version {APP_VERSION}.
      </p>
    </footer>
  );
}
