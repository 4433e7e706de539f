import { describe, expect, it } from 'vitest';
import { MSG } from '../../../src/auth/authMessages.ts';
import { planFeedTokenKey } from '../../../src/auth/planFeedTokens.ts';
import {
  makeCalendarLink,
  readCalendarLink,
  type CalendarLinkDeps,
} from '../../../src/features/plan/calendarLink.ts';
import {
  authControllerSuite,
  eventually,
  profileOf,
  type Harness,
} from '../../support/authControllerHarness.ts';
import { STRONG_PASSWORD, uniqueEmail } from '../../support/clients.ts';

/**
 * The page's auth controller (src/auth, through tests/support/authControllerHarness.ts) against
 * the local stack: password accounts — sign-up, reset, sign-in, sign-out, deletion. Other
 * providers: client-controller-providers.test.ts; the session ticker: client-session-ticker.test.ts.
 */

const { stack, harness } = authControllerSuite();

/** The calendar panel's calls as the page makes them: the signed-in user's headers, its storage. */
const calendarDeps = (h: Harness): CalendarLinkDeps => ({
  fetch: async (url, init = {}) => fetch(url, { ...init, headers: await h.deps.backendHeaders() }),
  functionsBase: h.deps.config.functionsBase,
  storage: h.storage,
});

describe('auth controller against the local stack', () => {
  it('lists the server’s weak-password reasons on sign-up, each once as a plain sentence', async () => {
    const { ctrl } = harness();
    const result = await ctrl.signUp({ email: uniqueEmail(), password: 'short' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toBe('Choose a stronger password:');
    expect(result.reasons).toEqual([
      'Use at least 8 characters',
      'Add an uppercase letter',
      'Add a digit',
    ]);
    ctrl.stop();
  });

  it('emails a reset link that signs the user in to choose a new password, which then works', async () => {
    const email = uniqueEmail('reset');
    expect(await harness().ctrl.signUp({ email, password: STRONG_PASSWORD })).toEqual({ ok: true });
    const asking = harness();
    expect(await asking.ctrl.requestPasswordReset(email)).toEqual({
      ok: true,
      message: MSG.resetSent,
    });
    expect(await asking.ctrl.requestPasswordReset('  ')).toEqual({
      ok: false,
      message: MSG.resetEmailMissing,
    });
    const mail = stack().outbox.latest(email)!;
    const res = await fetch(mail.link, { redirect: 'manual' });
    const landing = res.headers.get('location')!;
    expect(landing.startsWith(`${stack().url}/auth/callback?type=recovery#`)).toBe(true);

    const page = harness();
    expect(await page.ctrl.completeOAuthCallback(landing)).toEqual({ ok: true });
    expect(page.ctrl.getSnapshot()).toMatchObject({ status: 'signed-in', user: { email } });
    const weak = await page.ctrl.updatePassword('abcdefgh');
    expect(weak).toEqual({
      ok: false,
      message: 'Choose a stronger password:',
      reasons: ['Add an uppercase letter', 'Add a digit'],
    });
    expect(await page.ctrl.updatePassword('Corona-Hole-42-Wind')).toEqual({
      ok: true,
      message: MSG.newPasswordSet,
    });
    expect(
      await harness().ctrl.signInWithPassword({ email, password: 'Corona-Hole-42-Wind' }),
    ).toEqual({ ok: true });
    expect((await harness().ctrl.signInWithPassword({ email, password: STRONG_PASSWORD })).ok).toBe(
      false,
    );
    page.ctrl.stop();
  });

  it('deletes the account on the server, signs out, and hands the device back to its anonymous preferences', async () => {
    const email = uniqueEmail('bye');
    const steps: string[] = [];
    const h = harness({
      prepareToForgetUser: async (userId) => {
        steps.push(`remember anonymous before deleting ${userId}`);
        return async () => void steps.push(`forget ${userId}, restore anonymous`);
      },
    });
    expect(await h.ctrl.signUp({ email, password: STRONG_PASSWORD })).toEqual({ ok: true });
    const id = h.ctrl.getSnapshot().user!.id;
    await eventually(() => profileOf(stack(), id));

    expect(await h.ctrl.deleteAccount()).toEqual({ ok: true });
    expect(h.ctrl.getSnapshot()).toEqual({ status: 'signed-out', user: null });
    expect(h.storage.getItem('aurora-auth')).toBeNull();
    expect(steps).toEqual([
      `remember anonymous before deleting ${id}`,
      `forget ${id}, restore anonymous`,
    ]);
    expect(await stack().sql('select id from auth.users where id = $1', [id])).toEqual([]);
    expect(await profileOf(stack(), id)).toBeUndefined();
    expect(await h.ctrl.deleteAccount()).toEqual({ ok: false, message: MSG.deleteSignedOut });
    h.ctrl.stop();
  });

  it('signs up, has a profile, survives a reload from storage, and signs out', async () => {
    const email = uniqueEmail('ctrl');
    const h = harness();
    expect(await h.ctrl.signUp({ email, password: STRONG_PASSWORD })).toEqual({ ok: true });
    const user = h.ctrl.getSnapshot().user!;
    expect(h.ctrl.getSnapshot().status).toBe('signed-in');
    expect(user.email).toBe(email);
    const profile = await eventually(() => profileOf(stack(), user.id));
    expect(profile.email).toBe(email);

    // A "reload": a new controller on the same storage knows the user before loading anything.
    const reloaded = harness({ storage: h.storage });
    expect(reloaded.ctrl.getSnapshot()).toMatchObject({
      status: 'signed-in',
      user: { id: user.id },
    });

    expect(await h.ctrl.signOut()).toEqual({ ok: true });
    expect(h.ctrl.getSnapshot().status).toBe('signed-out');
    expect(h.storage.getItem('aurora-auth')).toBeNull();
    h.ctrl.stop();
  });

  it('signs out on this device when the server cannot be reached', async () => {
    let offline = false;
    const h = harness({ offline: () => offline });
    await h.ctrl.signUp({ email: uniqueEmail('off'), password: STRONG_PASSWORD });
    expect(h.ctrl.getSnapshot().status).toBe('signed-in');
    offline = true;
    expect(await h.ctrl.signOut()).toEqual({ ok: true });
    expect(h.ctrl.getSnapshot().status).toBe('signed-out');
    expect(h.storage.getItem('aurora-auth')).toBeNull();
    h.ctrl.stop();
  });

  it('signs up and back in with a phone number instead of an email', async () => {
    const phone = `+47${String(Date.now()).slice(-8)}`;
    const a = harness();
    expect(await a.ctrl.signUp({ phone, password: STRONG_PASSWORD })).toEqual({ ok: true });
    expect(a.ctrl.getSnapshot().status).toBe('signed-in');
    a.ctrl.stop();
    const b = harness();
    expect(await b.ctrl.signInWithPassword({ phone, password: STRONG_PASSWORD })).toEqual({
      ok: true,
    });
    expect(b.ctrl.getSnapshot().user?.id).toBe(a.ctrl.getSnapshot().user?.id);
    b.ctrl.stop();
  });

  it('shows the server’s words for a wrong password', async () => {
    const email = uniqueEmail();
    const a = harness();
    await a.ctrl.signUp({ email, password: STRONG_PASSWORD });
    a.ctrl.stop();
    const b = harness();
    const result = await b.ctrl.signInWithPassword({ email, password: `${STRONG_PASSWORD}-nope` });
    expect(result).toEqual({ ok: false, message: 'Invalid login credentials' });
    expect(b.ctrl.getSnapshot().status).toBe('signed-out');
    b.ctrl.stop();
  });

  it('takes the calendar link’s plan-feed token off the device at sign-out, while the account keeps its link', async () => {
    const h = harness();
    expect(await h.ctrl.signUp({ email: uniqueEmail('feed'), password: STRONG_PASSWORD })).toEqual({
      ok: true,
    });
    const id = h.ctrl.getSnapshot().user!.id;
    const made = await makeCalendarLink(calendarDeps(h), id);
    expect(made.kind).toBe('kept');
    expect(h.storage.getItem(planFeedTokenKey(id))).toBe(made.kind === 'kept' && made.token);

    expect(await h.ctrl.signOut()).toEqual({ ok: true });
    expect(h.storage.getItem(planFeedTokenKey(id))).toBeNull();
    expect([...Array(h.storage.length).keys()].map((i) => h.storage.key(i))).not.toContainEqual(
      expect.stringContaining('plan-feed'),
    );
    h.ctrl.stop();
  });

  it('takes the plan-feed token off the device at an offline sign-out too, and the link is then one made elsewhere', async () => {
    let offline = false;
    const email = uniqueEmail('feed-off');
    const h = harness({ offline: () => offline });
    await h.ctrl.signUp({ email, password: STRONG_PASSWORD });
    const id = h.ctrl.getSnapshot().user!.id;
    await makeCalendarLink(calendarDeps(h), id);
    offline = true;
    expect(await h.ctrl.signOut()).toEqual({ ok: true });
    expect(h.storage.getItem(planFeedTokenKey(id))).toBeNull();
    h.ctrl.stop();

    // Signed in again on the same device: the server still has the link, the device no token.
    offline = false;
    const again = harness({ storage: h.storage });
    expect(await again.ctrl.signInWithPassword({ email, password: STRONG_PASSWORD })).toEqual({
      ok: true,
    });
    expect((await readCalendarLink(calendarDeps(again), id)).kind).toBe('elsewhere');
    again.ctrl.stop();
  });
});
