/**
 * The plan-feed token (supabase/functions/CONTEXT.md "plan-feed") as this device keeps it: the
 * server holds only its hash, so the device that made the calendar link keeps the token itself to
 * show the link again (src/features/plan/calendarLink.ts). It is a credential to the user's
 * nights, so signing out takes it off the device with the rest of the user's data.
 */

const PREFIX = 'aurora-plan-feed-';

/** The localStorage key of a user's plan-feed token. */
export function planFeedTokenKey(userId: string): string {
  return `${PREFIX}${userId}`;
}

/**
 * Signing out (or deleting the account): every kept plan-feed token leaves the device, not only
 * the current user's — a device with no one signed in holds none (one kept by a sign-out that
 * never reached this step, such as another tab's, goes too).
 */
export function forgetPlanFeedTokens(storage: Storage | null): void {
  try {
    if (!storage) return;
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage refused (private mode): nothing was kept there either.
  }
}
