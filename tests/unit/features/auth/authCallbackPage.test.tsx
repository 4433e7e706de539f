// @vitest-environment jsdom
import { AuthWeakPasswordError } from '@supabase/supabase-js';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authFailure, MSG } from '../../../../src/auth/authMessages.ts';
import type { AuthResult } from '../../../../src/auth/useAuth.ts';
import AuthCallbackPage from '../../../../src/features/auth/AuthCallbackPage.tsx';
import LoginPage from '../../../../src/features/auth/LoginPage.tsx';
import { toastStore } from '../../../../src/lib/toast.ts';
import { authState, renderAt } from './authPageHarness.tsx';

/** The auth callback page (sign-in, failures, password recovery) and Forgot password. */

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
