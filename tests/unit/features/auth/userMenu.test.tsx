// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../../src/auth/authMessages.ts';
import { UserMenu } from '../../../../src/features/auth/UserMenu.tsx';
import { authState, renderAt, signedIn } from './authPageHarness.tsx';

/** The user menu: who is signed in, Settings, Sign Out. */

describe('User menu', () => {
  it('shows initials when the picture is missing or does not load', () => {
    const user = {
      id: 'u',
      email: 'grace@example.com',
      fullName: 'Grace Brewster Hopper',
      avatarUrl: 'https://avatars.example.invalid/g.png',
      provider: 'google',
    };
    const { container } = renderAt('/menu', <UserMenu />, authState({ status: 'signed-in', user }));
    const img = container.querySelector('img.user-avatar')!;
    expect(img.getAttribute('src')).toBe(user.avatarUrl);
    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.user-avatar--initials')?.textContent).toBe('GH');
  });

  it('shows an Ethereum account by its short address, with no invented email', () => {
    const address = '0x12AbCdEf0123456789aBcDeF0123456789abCDEF';
    renderAt(
      '/menu',
      <UserMenu />,
      authState({
        status: 'signed-in',
        user: {
          id: 'w',
          email: null,
          fullName: null,
          avatarUrl: null,
          provider: 'ethereum',
          walletAddress: address,
        },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: '0x12Ab…CDEF' }));
    expect(document.body.textContent).not.toContain('ethereum.local');
    expect(document.body.textContent).not.toContain('@');
  });

  it('writes a wallet address kept lowercase in its EIP-55 checksummed form, first 6 and last 4', async () => {
    // EIP-55's own example (https://eips.ethereum.org/EIPS/eip-55), as the backend keys it: lowercase.
    const address = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
    renderAt(
      '/menu',
      <UserMenu />,
      authState({
        status: 'signed-in',
        user: {
          id: 'w',
          email: null,
          fullName: null,
          avatarUrl: null,
          provider: 'ethereum',
          walletAddress: address,
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: '0x5aAe…eAed' }));
    expect(document.body.textContent).not.toContain('0x5aae…');
  });

  it('shows the display name, then the email, a Settings link and Sign Out', () => {
    renderAt('/menu', <UserMenu />, authState(signedIn));
    const toggle = screen.getByRole('button', { name: 'ada' });
    fireEvent.click(toggle);
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });

  it('reports "Failed to sign out" when signing out fails', async () => {
    const auth = authState({
      ...signedIn,
      signOut: vi.fn(async () => ({ ok: false as const, message: MSG.signOutFailed })),
    });
    renderAt('/menu', <UserMenu />, auth);
    fireEvent.click(screen.getByRole('button', { name: 'ada' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to sign out'));
  });
});
