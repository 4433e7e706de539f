// @vitest-environment jsdom
import { AuthWeakPasswordError } from '@supabase/supabase-js';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authFailure, MSG } from '../../../../src/auth/authMessages.ts';
import { AuthContext, type AuthResult, type AuthState } from '../../../../src/auth/useAuth.ts';
import AuthCallbackPage from '../../../../src/features/auth/AuthCallbackPage.tsx';
import LoginPage from '../../../../src/features/auth/LoginPage.tsx';
import SignupPage from '../../../../src/features/auth/SignupPage.tsx';
import { UserMenu } from '../../../../src/features/auth/UserMenu.tsx';
import { setForcedOffline } from '../../../../src/lib/network/networkMonitor.ts';
import { toastStore } from '../../../../src/lib/toast.ts';

afterEach(() => {
  setForcedOffline(false);
});

const ok = async (): Promise<AuthResult> => ({ ok: true });

function authState(over: Partial<AuthState> = {}): AuthState {
  return {
    status: 'signed-out',
    user: null,
    oauthProvider: 'google',
    hasEthereumWallet: false,
    signInWithPassword: vi.fn(ok),
    signUp: vi.fn(ok),
    signInWithOAuth: vi.fn(ok),
    signInWithEthereum: vi.fn(ok),
    completeOAuthCallback: vi.fn(ok),
    requestPasswordReset: vi.fn(ok),
    updatePassword: vi.fn(ok),
    deleteAccount: vi.fn(ok),
    signOut: vi.fn(ok),
    ...over,
  };
}

function renderAt(path: string, element: ReactNode, auth: AuthState) {
  return render(
    <AuthContext.Provider value={auth}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<p>Home screen</p>} />
          <Route path={path.split('?')[0]} element={element} />
          <Route path="/settings" element={<p>Settings screen</p>} />
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

const signedIn = {
  status: 'signed-in' as const,
  user: { id: 'u', email: 'ada@example.com', fullName: null, avatarUrl: null, provider: 'email' },
};

describe('Sign In and Sign Up pages', () => {
  it('send a signed-in user to /', () => {
    renderAt('/login', <LoginPage />, authState(signedIn));
    expect(screen.getByText('Home screen')).toBeTruthy();
    cleanup();
    renderAt('/signup', <SignupPage />, authState(signedIn));
    expect(screen.getByText('Home screen')).toBeTruthy();
  });

  it('have the headings Sign In and Sign Up and labelled fields', () => {
    renderAt('/login', <LoginPage />, authState());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign In');
    expect(screen.getByLabelText('Email or phone number')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    cleanup();
    renderAt('/signup', <SignupPage />, authState());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign Up');
  });

  it('show the product’s message for a missing email or password without calling the server', async () => {
    const auth = authState();
    renderAt('/login', <LoginPage />, auth);
    fireEvent.change(screen.getByLabelText('Email or phone number'), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You must provide either an email or phone number and a password.',
    );
    expect(auth.signInWithPassword).not.toHaveBeenCalled();
  });

  it('take the missing-fields message away once both fields are filled, on Sign Up as on Sign In', async () => {
    for (const [path, page, button] of [
      ['/signup', <SignupPage key="s" />, 'Sign Up'],
      ['/login', <LoginPage key="l" />, 'Sign In'],
    ] as const) {
      renderAt(path, page, authState());
      fireEvent.click(screen.getByRole('button', { name: button }));
      expect((await screen.findByRole('alert')).textContent).toBe(MSG.missingCredentials);
      fireEvent.change(screen.getByLabelText('Email or phone number'), {
        target: { value: 'ada@example.com' },
      });
      // One field is not enough: the message still holds.
      expect(screen.getByRole('alert').textContent).toBe(MSG.missingCredentials);
      fireEvent.change(screen.getByLabelText('Password'), {
        target: { value: 'Borealis-Kp7-Night' },
      });
      expect(screen.queryByText(MSG.missingCredentials)).toBeNull();
      cleanup();
    }
  });

  it('pass the credentials to sign-in and show the server’s answer', async () => {
    const auth = authState({
      signInWithPassword: vi.fn(async () => ({
        ok: false as const,
        message: 'Invalid login credentials',
      })),
    });
    renderAt('/login', <LoginPage />, auth);
    fireEvent.change(screen.getByLabelText('Email or phone number'), {
      target: { value: ' ada@example.com ' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid login credentials');
    expect(auth.signInWithPassword).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'Secret123',
    });
  });

  it('send a phone number as a phone number', async () => {
    const auth = authState();
    renderAt('/login', <LoginPage />, auth);
    fireEvent.change(screen.getByLabelText('Email or phone number'), {
      target: { value: '+47 912 34 567' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(auth.signInWithPassword).toHaveBeenCalledWith({
        phone: '+4791234567',
        password: 'Secret123',
      }),
    );
  });

  it('list the weak-password reasons the server gave on sign-up', async () => {
    const weak = new AuthWeakPasswordError(
      'Use at least 8 characters. Add an uppercase letter. Add a digit.',
      422,
      ['length', 'characters'],
    );
    const auth = authState({
      signUp: vi.fn(async (c: { password: string }) =>
        authFailure(weak, MSG.signUpFailed, c.password),
      ),
    });
    renderAt('/signup', <SignupPage />, auth);
    fireEvent.change(screen.getByLabelText('Email or phone number'), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abc' } });
    // The client-side hint shows while typing…
    expect(screen.getByRole('list', { name: 'Password suggestions' }).textContent).toContain(
      'Use at least 8 characters',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    // …and the server's reasons after submitting, in their place: each reason once, in plain words.
    const reasons = await screen.findByRole('list', { name: 'Why the password was rejected' });
    expect([...reasons.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Use at least 8 characters',
      'Add an uppercase letter',
      'Add a digit',
    ]);
    expect(screen.queryByRole('list', { name: 'Password suggestions' })).toBeNull();
    const page = document.body.textContent ?? '';
    expect(page.split('Use at least 8 characters')).toHaveLength(2);
    expect(page).not.toMatch(/abcdefghijklmnopqrstuvwxyz|ABCDEFGHIJKLMNOPQRSTUVWXYZ/);
  });

  it('render offline and answer a submit with the offline message instead of hanging', async () => {
    act(() => setForcedOffline(true));
    const auth = authState();
    renderAt('/login', <LoginPage />, auth);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign In');
    fireEvent.change(screen.getByLabelText('Email or phone number'), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You are offline — sign-in needs a connection.',
    );
    expect(auth.signInWithPassword).not.toHaveBeenCalled();
  });

  it('say there is no wallet when Sign in with Ethereum is pressed without one', async () => {
    const auth = authState();
    renderAt('/login', <LoginPage />, auth);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Ethereum' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No Ethereum wallet found in this browser',
    );
    expect(auth.signInWithEthereum).not.toHaveBeenCalled();
  });

  it('start the social sign-in with the configured provider', async () => {
    const auth = authState({
      signInWithOAuth: vi.fn(async () => ({
        ok: false as const,
        message: 'Failed to sign in with Google',
      })),
    });
    renderAt('/login', <LoginPage />, auth);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to sign in with Google');
    expect(auth.signInWithOAuth).toHaveBeenCalledTimes(1);
  });
});

describe('Auth callback page', () => {
  it('completes the sign-in once and goes to /', async () => {
    const auth = authState();
    renderAt('/auth/callback', <AuthCallbackPage />, auth);
    expect(await screen.findByText('Home screen')).toBeTruthy();
    expect(auth.completeOAuthCallback).toHaveBeenCalledTimes(1);
  });

  it('says in its heading and a sentence that sign-in failed, with a way back to Sign In', async () => {
    const auth = authState({
      completeOAuthCallback: vi.fn(async () => ({
        ok: false as const,
        message: 'No code detected.',
      })),
    });
    renderAt('/auth/callback', <AuthCallbackPage />, auth);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Signing you in');
    expect(screen.getByRole('status').textContent).toBe('Completing sign-in…');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This page was opened without a sign-in to finish. Start again from the Sign In page.',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign-in failed');
    expect(screen.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe(
      '/login',
    );
  });

  it('explains a used or expired emailed link in words, not the server’s text', async () => {
    window.history.replaceState(
      null,
      '',
      '/auth/callback#error=access_denied&error_code=otp_expired&error_description=Token+has+expired+or+is+invalid',
    );
    const auth = authState({
      completeOAuthCallback: vi.fn(async () => ({
        ok: false as const,
        message: 'Token has expired or is invalid',
      })),
    });
    renderAt('/auth/callback', <AuthCallbackPage />, auth);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link has expired or has already been used. Ask for a new one and open it once.',
    );
    expect(document.body.textContent).not.toContain('Token has expired');
    // The tokens or errors do not stay in the address bar.
    expect(window.location.hash).toBe('');
  });

  it('names a used password-reset link a failed password reset, with a way to ask for a new link', async () => {
    // The reset link's own redirect says `type=recovery` in its query; the error redirect keeps it.
    window.history.replaceState(
      null,
      '',
      '/auth/callback?type=recovery#error=access_denied&error_code=otp_expired&error_description=Token+has+expired+or+is+invalid',
    );
    const auth = authState({
      completeOAuthCallback: vi.fn(async () => ({
        ok: false as const,
        message: 'Token has expired or is invalid',
      })),
    });
    renderAt('/auth/callback', <AuthCallbackPage />, auth);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link has expired or has already been used. Ask for a new one and open it once.',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Password reset failed');
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/login?reset=1',
    );
  });

  it('after a password-recovery link, asks for the new password, then goes to / saying it is set', async () => {
    window.history.replaceState(
      null,
      '',
      '/auth/callback#access_token=a&refresh_token=b&type=recovery',
    );
    const updatePassword = vi.fn(async (password: string) =>
      password === 'abc'
        ? authFailure(
            new AuthWeakPasswordError('x', 422, ['length', 'characters']),
            MSG.newPasswordFailed,
            password,
          )
        : { ok: true as const },
    );
    const auth = authState({ status: 'signed-in', updatePassword });
    renderAt('/auth/callback', <AuthCallbackPage />, auth);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Choose a new password',
    );
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    const reasons = await screen.findByRole('list', { name: 'Why the password was rejected' });
    expect([...reasons.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Use at least 8 characters',
      'Add an uppercase letter',
      'Add a digit',
    ]);
    fireEvent.change(screen.getByLabelText('New password'), {
      target: { value: 'Borealis-Kp7-Night' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Home screen')).toBeTruthy();
    expect(updatePassword).toHaveBeenLastCalledWith('Borealis-Kp7-Night');
    expect(toastStore.get().map((t) => t.message)).toContain(
      'Your new password is set. You are signed in.',
    );
  });
});

describe('Forgot password', () => {
  it('opens from Sign In, sends the address, and says the link is on its way', async () => {
    const requestPasswordReset = vi.fn(async (): Promise<AuthResult> => ({
      ok: true,
      message: MSG.resetSent,
    }));
    renderAt('/login', <LoginPage />, authState({ requestPasswordReset }));
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    const form = await screen.findByRole('form', { name: 'Reset your password' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toBe(MSG.resetSent);
    expect(requestPasswordReset).toHaveBeenCalledWith('ada@example.com');
    expect(form).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
  });
});

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
