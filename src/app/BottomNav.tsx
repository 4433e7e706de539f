import { Link, useLocation } from 'react-router';
import { Icon } from '../ui/Icon.tsx';
import { isNavItemActive, NAV_ITEMS } from './navItems.ts';

/** Mobile navigation (< 768 px): every item, Settings included. */
export function BottomNav() {
  const { pathname } = useLocation();
  return (
    <nav className="bottom-nav" aria-label="Main navigation (mobile)">
      {NAV_ITEMS.map((item) => {
        const active = isNavItemActive(item.to, pathname);
        return (
          <Link
            key={item.to}
            to={item.to}
            className={active ? 'bottom-nav__link bottom-nav__link--active' : 'bottom-nav__link'}
            aria-current={active ? 'page' : undefined}
            aria-label={item.label}
          >
            <Icon name={item.icon} size={22} />
            <span className="bottom-nav__label">{item.short}</span>
          </Link>
        );
      })}
    </nav>
  );
}
