// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Header } from '../../../src/app/Header.tsx';
import type { AuthState } from '../../../src/auth/useAuth.ts';
import { AuthContext } from '../../../src/auth/useAuth.ts';
import { authValue, SIGNED_IN_USER } from '../../support/renderApp.tsx';

function renderHeader(auth: AuthState) {
  return render(
    <AuthContext.Provider value={auth}>
      <MemoryRouter>
        <Header />
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

describe('the header', () => {
  it('links the logo home and offers Sign In to signed-out visitors', () => {
    renderHeader(authValue('signed-out'));
    expect(screen.getByRole('link', { name: 'Aurora — home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
  });

  it('shows the full name when the profile has one', () => {
    renderHeader(authValue('signed-in', { ...SIGNED_IN_USER, fullName: 'Maria Kp' }));
    expect(screen.getByRole('button', { name: 'Maria Kp' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
  });

  it('falls back to the part of the email before the at-sign, then to "User"', () => {
    renderHeader(authValue('signed-in', SIGNED_IN_USER));
    expect(screen.getByRole('button', { name: 'maria.kp' })).toBeTruthy();
    cleanup();
    renderHeader(authValue('signed-in', { ...SIGNED_IN_USER, email: null }));
    expect(screen.getByRole('button', { name: 'User' })).toBeTruthy();
  });

  it('opens the user menu with the email, a Settings link and Sign Out', () => {
    renderHeader(authValue('signed-in', SIGNED_IN_USER));
    fireEvent.click(screen.getByRole('button', { name: 'maria.kp' }));
    expect(screen.getByText('maria.kp@example.org')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });

  it('offers the Go Offline / Go Online switch', () => {
    localStorage.removeItem('aurora-forced-offline');
    renderHeader(authValue('signed-out'));
    const toggle = screen.getByRole('button', { name: 'Go Offline' });
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Go Online' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Go Online' }));
    expect(screen.getByRole('button', { name: 'Go Offline' })).toBeTruthy();
  });
});
