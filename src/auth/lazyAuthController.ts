import type { AuthController } from './authControllerContract.ts';
import type { AuthResult } from './authMessages.ts';
import { initialSnapshot, type AuthSnapshot } from './startupState.ts';
import type { Credentials } from './useAuth.ts';

/**
 * What the initial bundle holds of auth: the synchronous start-up state and a stand-in that loads
 * the real controller (and with it supabase-js) only when needed — at start when a session is
 * stored, otherwise on the first sign-in action. Keeps `/` within its budget for visitors who
 * never sign in.
 */
export function createLazyAuthController(opts: {
  storage: Storage | null;
  storageKey: string;
  load: () => Promise<AuthController>;
  /** Where other tabs' storage changes arrive (the window); tests pass their own. */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
}): AuthController {
  let snapshot: AuthSnapshot = initialSnapshot(opts.storage, opts.storageKey);
  const listeners = new Set<() => void>();
  let real: Promise<AuthController> | null = null;
  let running = false;
  const events =
    opts.events === undefined ? (typeof window === 'undefined' ? null : window) : opts.events;
  // A tab opened signed out never loads the real controller, so it would not hear of a sign-in
  // made in another tab (supabase-js syncs tabs only once loaded): a session appearing in
  // storage loads it, and the real controller then reads that session.
  const onStorage = (e: Event) => {
    const { key, newValue } = e as StorageEvent;
    if (key === opts.storageKey && newValue && !real) void load().catch(() => undefined);
  };

  const emit = () => {
    for (const fn of [...listeners]) fn();
  };

  const load = (): Promise<AuthController> => {
    real ??= opts.load().then(
      (ctrl) => {
        snapshot = ctrl.getSnapshot();
        ctrl.subscribe(() => {
          snapshot = ctrl.getSnapshot();
          emit();
        });
        if (running) ctrl.start();
        emit();
        return ctrl;
      },
      (err: unknown) => {
        real = null; // the chunk failed to load (offline before it was cached): try again next time
        throw err;
      },
    );
    return real;
  };

  const action =
    <A extends unknown[]>(
      pick: (c: AuthController) => (...args: A) => Promise<AuthResult>,
      fallback: string,
    ) =>
    async (...args: A): Promise<AuthResult> => {
      let ctrl: AuthController;
      try {
        ctrl = await load();
      } catch {
        return { ok: false, message: fallback };
      }
      return pick(ctrl)(...args);
    };

  return {
    getSnapshot: () => snapshot,
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    start() {
      running = true;
      events?.addEventListener('storage', onStorage);
      if (real) void real.then((c) => running && c.start()).catch(() => undefined);
      else if (snapshot.status === 'signed-in') void load().catch(() => undefined);
    },
    stop() {
      running = false;
      events?.removeEventListener('storage', onStorage);
      if (real) void real.then((c) => c.stop()).catch(() => undefined);
    },
    signInWithPassword: action(
      (c) => (cr: Credentials) => c.signInWithPassword(cr),
      'Failed to sign in',
    ),
    signUp: action((c) => (cr: Credentials) => c.signUp(cr), 'Failed to sign up'),
    signInWithOAuth: action((c) => () => c.signInWithOAuth(), 'Failed to sign in with Google'),
    signInWithEthereum: action(
      (c) => () => c.signInWithEthereum(),
      'Failed to sign in with Ethereum',
    ),
    completeOAuthCallback: action(
      (c) => (href: string) => c.completeOAuthCallback(href),
      'Failed to sign in with Google',
    ),
    requestPasswordReset: action(
      (c) => (email: string) => c.requestPasswordReset(email),
      'Failed to send the reset link',
    ),
    updatePassword: action(
      (c) => (password: string) => c.updatePassword(password),
      'Failed to set the new password',
    ),
    deleteAccount: action(
      (c) => () => c.deleteAccount(),
      'Your account could not be deleted just now. Please try again.',
    ),
    signOut: action((c) => () => c.signOut(), 'Failed to sign out'),
  };
}
