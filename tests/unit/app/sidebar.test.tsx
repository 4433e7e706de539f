// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { Footer } from '../../../src/app/Footer.tsx';
import { Sidebar } from '../../../src/app/Sidebar.tsx';
import { SIDEBAR_EVENT, useSidebarCollapsed } from '../../../src/app/sidebarState.ts';
import { BottomNav } from '../../../src/app/BottomNav.tsx';

function Shell({ path = '/' }: { path?: string }) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <SidebarWithState />
      <Footer />
    </MemoryRouter>
  );
}

function SidebarWithState() {
  const [collapsed, toggle] = useSidebarCollapsed();
  return <Sidebar collapsed={collapsed} onToggle={toggle} />;
}

beforeEach(() => localStorage.clear());

describe('the collapsible sidebar', () => {
  it('collapses, stores the choice under sidebarCollapsed and announces it with sidebar-state', () => {
    const events: unknown[] = [];
    const listener = (e: Event) => events.push((e as CustomEvent).detail);
    window.addEventListener(SIDEBAR_EVENT, listener);
    render(<Shell />);
    const footer = screen.getByRole('contentinfo');
    expect(footer.className).not.toContain('footer--sidebar-collapsed');

    fireEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));

    expect(localStorage.getItem('sidebarCollapsed')).toBe('true');
    expect(events).toEqual([{ collapsed: true }]);
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeTruthy();
    expect(footer.className).toContain('footer--sidebar-collapsed');

    fireEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(localStorage.getItem('sidebarCollapsed')).toBe('false');
    expect(events).toEqual([{ collapsed: true }, { collapsed: false }]);
    expect(footer.className).not.toContain('footer--sidebar-collapsed');
    window.removeEventListener(SIDEBAR_EVENT, listener);
  });

  it('opens collapsed when the stored choice says so', () => {
    localStorage.setItem('sidebarCollapsed', 'true');
    render(<Shell />);
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeTruthy();
    expect(screen.getByRole('contentinfo').className).toContain('footer--sidebar-collapsed');
  });

  it('makes the footer follow a sidebar-state event from anywhere', () => {
    render(<Shell />);
    act(() => {
      window.dispatchEvent(new CustomEvent(SIDEBAR_EVENT, { detail: { collapsed: true } }));
    });
    expect(screen.getByRole('contentinfo').className).toContain('footer--sidebar-collapsed');
  });

  it('keeps Settings apart at the bottom and marks the active item', () => {
    render(<Shell path="/alerts" />);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = [...nav.querySelectorAll('a')].map((a) => a.textContent);
    expect(links).toEqual([
      'Aurora Map',
      'Solar Data',
      'Aurora Forecast',
      'Live Aurora Feeds',
      'Aurora Guides',
      'Space News',
      'Settings',
    ]);
    expect(nav.querySelector('.sidebar__bottom a')?.textContent).toBe('Settings');
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('Live Aurora Feeds');
  });
});

describe('the mobile bottom bar', () => {
  it('carries all seven items, Settings included', () => {
    render(
      <MemoryRouter initialEntries={['/news']}>
        <BottomNav />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Main navigation (mobile)' });
    expect([...nav.querySelectorAll('a')].map((a) => a.getAttribute('aria-label'))).toEqual([
      'Aurora Map',
      'Solar Data',
      'Aurora Forecast',
      'Live Aurora Feeds',
      'Aurora Guides',
      'Space News',
      'Settings',
    ]);
    expect(nav.querySelector('[aria-current="page"]')?.getAttribute('aria-label')).toBe(
      'Space News',
    );
  });
});

describe('the footer', () => {
  it('has the tagline and the four columns with their links', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(
      screen.getByText('Real-time aurora tracking and forecasting at your fingertips.'),
    ).toBeTruthy();
    const column = (name: string) =>
      [...screen.getByRole('navigation', { name }).querySelectorAll('a')].map((a) => [
        a.textContent,
        a.getAttribute('href'),
      ]);
    expect(column('Quick Links')).toEqual([
      ['Home', '/'],
      ['Aurora Forecast', '/forecast'],
      ['Space News', '/news'],
      ['Aurora Guides', '/guide'],
    ]);
    expect(column('Resources')).toEqual([
      ['Aurora Guides', '/guide'],
      ['Space News', '/news'],
      ['About Us', '/about'],
      ['Contact Us', '/contact'],
    ]);
    expect(column('Legal')).toEqual([
      ['Terms & Conditions', '/terms'],
      ['Privacy Policy', '/privacy'],
      ['Cookie Policy', '/cookies'],
    ]);
  });

  it('links to no social network unless the build names a profile of ours (never a network’s home page)', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('list', { name: 'Follow us' })).toBeNull();
    const hrefs = [...document.querySelectorAll('footer a')].map((a) => a.getAttribute('href'));
    for (const home of ['https://mastodon.social/', 'https://bsky.app/', 'https://github.com/'])
      expect(hrefs).not.toContain(home);
  });
});
