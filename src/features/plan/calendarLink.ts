/**
 * The plan's calendar link (the backend's `plan-feed` function, supabase/functions/CONTEXT.md):
 * a per-user secret token the signed-in user makes or resets, and per saved place a `webcal://`
 * URL a calendar app subscribes to. The server keeps only the token's hash, so the device that
 * made the link keeps it (localStorage, per user, src/auth/planFeedTokens.ts; sign-out removes it)
 * to show it again; another device sees that a link exists and can only reset it. Fetch, storage
 * and the base URL come in (tests, the page).
 */

import { planFeedTokenKey as storageKey } from '../../auth/planFeedTokens.ts';

export interface CalendarLinkDeps {
  /** fetch carrying the signed-in user's apikey and JWT. */
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  /** `<backend>/functions/v1`. */
  functionsBase: string;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
}

/** What the panel shows: the link this device holds, one made elsewhere, or none yet. */
export type CalendarLinkState =
  { kind: 'kept'; token: string } | { kind: 'elsewhere'; createdAt: string } | { kind: 'none' };

/** The webcal:// URL of a place's feed: the https (or http) URL with the calendar scheme. */
export function webcalUrl(functionsBase: string, token: string, placeId: string): string {
  const base = functionsBase.replace(/\/+$/, '').replace(/^https?:\/\//, 'webcal://');
  return `${base}/plan-feed/${token}.ics?place=${encodeURIComponent(placeId)}`;
}

function keptToken(deps: CalendarLinkDeps, userId: string): string | null {
  try {
    return deps.storage?.getItem(storageKey(userId)) ?? null;
  } catch {
    return null;
  }
}

function keep(deps: CalendarLinkDeps, userId: string, token: string | null): void {
  try {
    if (token) deps.storage?.setItem(storageKey(userId), token);
    else deps.storage?.removeItem(storageKey(userId));
  } catch {
    // Private mode or a full quota: the link works, this device just cannot show it again.
  }
}

const tokenUrl = (deps: CalendarLinkDeps) =>
  `${deps.functionsBase.replace(/\/+$/, '')}/plan-feed/token`;

async function failure(res: Response): Promise<Error> {
  const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
  return new Error(
    typeof body?.error === 'string' ? body.error : `The server answered ${res.status}`,
  );
}

/** The link as this device and the server know it. */
export async function readCalendarLink(
  deps: CalendarLinkDeps,
  userId: string,
): Promise<CalendarLinkState> {
  const res = await deps.fetch(tokenUrl(deps));
  if (!res.ok) throw await failure(res);
  const status = (await res.json()) as { exists: boolean; createdAt: string | null };
  if (!status.exists || !status.createdAt) {
    keep(deps, userId, null);
    return { kind: 'none' };
  }
  const token = keptToken(deps, userId);
  return token ? { kind: 'kept', token } : { kind: 'elsewhere', createdAt: status.createdAt };
}

/** Makes a new link (the first, or "Reset link": the old URLs stop answering). */
export async function makeCalendarLink(
  deps: CalendarLinkDeps,
  userId: string,
): Promise<CalendarLinkState> {
  const res = await deps.fetch(tokenUrl(deps), { method: 'POST' });
  if (!res.ok) throw await failure(res);
  const { token } = (await res.json()) as { token: string };
  keep(deps, userId, token);
  return { kind: 'kept', token };
}
