import { Link, useLocation } from 'react-router';
import { Icon } from '../ui/Icon.tsx';
import type { NavItem } from './navItems.ts';
import { isNavItemActive, SETTINGS_ITEM, SIDEBAR_MAIN_ITEMS } from './navItems.ts';

function SidebarLink({
  item,
  pathname,
  collapsed,
}: {
  item: NavItem;
  pathname: string;
  collapsed: boolean;
}) {
  const active = isNavItemActive(item.to, pathname);
  return (
    <Link
      to={item.to}
      className={active ? 'nav-link nav-link--active' : 'nav-link'}
      aria-current={active ? 'page' : undefined}
      title={collapsed ? item.label : undefined}
    >
      <Icon name={item.icon} />
      <span className="nav-link__label">{item.label}</span>
    </Link>
  );
}

/**
 * Desktop navigation (≥ 768 px). Settings sits apart at the bottom. Plain links with
 * our own active rule: NavLink's matching knows nothing of /alerts or /news.
 */
export function Sidebar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { pathname } = useLocation();
  return (
    <nav
      className={collapsed ? 'sidebar sidebar--collapsed' : 'sidebar'}
      aria-label="Main navigation"
    >
      <button
        type="button"
        className="sidebar__toggle"
        onClick={onToggle}
        aria-expanded={!collapsed}
        aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
      >
        <Icon name={collapsed ? 'chevronRight' : 'chevronLeft'} />
      </button>
      <ul className="sidebar__list">
        {SIDEBAR_MAIN_ITEMS.map((item) => (
          <li key={item.to}>
            <SidebarLink item={item} pathname={pathname} collapsed={collapsed} />
          </li>
        ))}
      </ul>
      <div className="sidebar__bottom">
        <SidebarLink item={SETTINGS_ITEM} pathname={pathname} collapsed={collapsed} />
      </div>
    </nav>
  );
}
