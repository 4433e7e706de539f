import { Link } from 'react-router';
import { APP_VERSION } from '../lib/buildInfo.ts';
import { config } from '../lib/config.ts';
import { Icon } from '../ui/Icon.tsx';
import { Logo } from './Logo.tsx';
import { useSidebarStateEvent } from './sidebarState.ts';

const TAGLINE = 'Real-time aurora tracking and forecasting at your fingertips.';

/**
 * The spec's social links, each only where the build names the project's own profile
 * (VITE_SOCIAL_*, README): with none configured the brand column has none, rather than links to
 * the networks' home pages.
 */
const SOCIAL = (
  [
    {
      icon: 'mastodon',
      href: config.social.mastodon,
      label: 'Aurora on Mastodon',
      rel: 'me noopener',
    },
    { icon: 'bluesky', href: config.social.bluesky, label: 'Aurora on Bluesky', rel: 'noopener' },
    { icon: 'github', href: config.social.github, label: 'Aurora on GitHub', rel: 'noopener' },
  ] as const
).filter((link) => link.href !== '');

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
          {SOCIAL.length > 0 ? (
            <ul className="footer__social" aria-label="Follow us">
              {SOCIAL.map((link) => (
                <li key={link.icon}>
                  <a href={link.href} rel={link.rel} target="_blank" aria-label={link.label}>
                    <Icon name={link.icon} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
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
