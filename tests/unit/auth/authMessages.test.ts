import {
  AuthApiError,
  AuthRetryableFetchError,
  AuthWeakPasswordError,
} from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import {
  authFailure,
  MSG,
  passwordHints,
  splitIdentifier,
  validateCredentials,
  weakPasswordReasons,
} from '../../../src/auth/authMessages.ts';
import { checkPassword } from '../../../server/auth/weakPassword.ts';

describe('credential validation (an email or phone, and a password)', () => {
  it('asks for an email or phone together with a password, in the product’s wording', () => {
    const text = 'You must provide either an email or phone number and a password.';
    expect(validateCredentials({ email: '', password: 'x' })).toBe(text);
    expect(validateCredentials({ email: 'a@b.c', password: '' })).toBe(text);
    expect(validateCredentials({ email: '   ', phone: '', password: 'secret' })).toBe(text);
    expect(validateCredentials({})).toBe(text);
  });

  it('accepts an email or a phone number with a password', () => {
    expect(validateCredentials({ email: 'a@b.c', password: 'x' })).toBeNull();
    expect(validateCredentials({ phone: '+4712345678', password: 'x' })).toBeNull();
  });
});

describe('the email-or-phone field', () => {
  it('reads an at-sign as an email and digits as a phone number', () => {
    expect(splitIdentifier(' ada@example.com ')).toEqual({ email: 'ada@example.com' });
    expect(splitIdentifier('+1 (555) 010-9999')).toEqual({ phone: '+15550109999' });
    expect(splitIdentifier('4791234567')).toEqual({ phone: '4791234567' });
  });

  it('leaves anything else to the server as an email, and nothing as nothing', () => {
    expect(splitIdentifier('not-an-address')).toEqual({ email: 'not-an-address' });
    expect(splitIdentifier('12')).toEqual({ email: '12' });
    expect(splitIdentifier('   ')).toEqual({});
  });
});

describe('auth error messages in the product’s wording', () => {
  it('shows the server’s own text when it sent one', () => {
    const err = new AuthApiError('Invalid login credentials', 400, 'invalid_credentials');
    expect(authFailure(err, MSG.signInFailed)).toEqual({
      ok: false,
      message: 'Invalid login credentials',
    });
  });

  it('falls back to the product’s generic message on a network failure (status 0)', () => {
    const err = new AuthRetryableFetchError('Failed to fetch', 0);
    expect(authFailure(err, MSG.signInFailed)).toEqual({ ok: false, message: 'Failed to sign in' });
    expect(authFailure(new TypeError('boom'), MSG.signUpFailed).message).toBe('Failed to sign up');
    expect(authFailure(undefined, MSG.signOutFailed).message).toBe('Failed to sign out');
  });

  it('never shows the text supabase-js makes of a 502/503/504 answer ("{}"): the service did not answer, so the product’s message', () => {
    // auth-js turns a gateway's 503 into an AuthRetryableFetchError whose message is the Response
    // object as JSON: "{}".
    const err = new AuthRetryableFetchError('{}', 503);
    expect(authFailure(err, MSG.signInFailed)).toEqual({ ok: false, message: 'Failed to sign in' });
    expect(authFailure(new AuthApiError('{}', 500, undefined), MSG.signUpFailed).message).toBe(
      'Failed to sign up',
    );
  });

  it('carries the weak-password reasons auth-js parsed from weak_password.reasons, each once as a plain sentence', () => {
    const err = new AuthWeakPasswordError(checkPassword('abc').message, 422, [
      'length',
      'characters',
    ]);
    const result = authFailure(err, MSG.signUpFailed, 'abc');
    // One heading, not the server's text, which says the same things again.
    expect(result.message).toBe('Choose a stronger password:');
    expect(result.reasons).toEqual([
      'Use at least 8 characters',
      'Add an uppercase letter',
      'Add a digit',
    ]);
  });

  it('says what the character rule wants without the typed password, without any character-set listing', () => {
    const result = authFailure(
      new AuthWeakPasswordError('x', 422, ['characters', 'characters']),
      MSG.signUpFailed,
    );
    expect(result.reasons).toEqual(['Mix lowercase and uppercase letters with a digit']);
  });

  it('shows an unknown reason code as it came', () => {
    expect(weakPasswordReasons({ code: 'weak_password', reasons: ['too_fancy'] })).toEqual([
      'too_fancy',
    ]);
    expect(weakPasswordReasons(new AuthApiError('nope', 400, 'invalid_credentials'))).toBeNull();
  });
});

describe('password hints', () => {
  it('say nothing for a password the gateway’s weak-password rule accepts', () => {
    for (const pw of ['Northern8Lights', 'Kp9Storm!!x']) {
      expect(checkPassword(pw).reasons).toEqual([]);
      expect(passwordHints(pw)).toEqual([]);
    }
  });

  it('point at what the gateway would reject, each once, in the words the server uses', () => {
    expect(passwordHints('short1A')).toEqual(['Use at least 8 characters']);
    expect(passwordHints('alllowercase1')).toEqual(['Add an uppercase letter']);
    expect(passwordHints('NoDigitsHere')).toEqual(['Add a digit']);
    for (const pw of ['short1A', 'alllowercase1', 'NoDigitsHere', 'abc']) {
      expect(checkPassword(pw).message).toBe(
        passwordHints(pw)
          .map((h) => `${h}.`)
          .join(' '),
      );
    }
  });

  it('do not count control or format characters toward the rule (issue 11 item 12)', () => {
    const padded = 'Ab1\u0000\u0001\u0002\u0003\u0007\u200b\u200d';
    expect(checkPassword(padded).reasons).toEqual(['length']);
    expect(passwordHints(padded)).toEqual(['Use at least 8 characters']);
    // Letters and control characters only: still missing the digit, however long.
    expect(checkPassword('AbCdEfGh\t\t\t\t').reasons).toEqual(['characters']);
  });
});
