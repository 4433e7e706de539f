// @vitest-environment jsdom
import { AuthWeakPasswordError } from '@supabase/supabase-js';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authFailure, MSG } from '../../../../src/auth/authMessages.ts';
import LoginPage from '../../../../src/features/auth/LoginPage.tsx';
import SignupPage from '../../../../src/features/auth/SignupPage.tsx';
import { setForcedOffline } from '../../../../src/lib/network/networkMonitor.ts';
import { authState, renderAt, signedIn } from './authPageHarness.tsx';

/** Sign In and Sign Up. The callback and forgot-password pages: authCallbackPage.test.tsx; the user menu: userMenu.test.tsx. */

afterEach(() => {
  setForcedOffline(false);
});

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
