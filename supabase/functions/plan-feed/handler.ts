import { AuthError, getCaller, type Caller } from '../_shared/auth.ts';
import { memoByEnv } from '../_shared/env.ts';
import { bodyEtag, isNotModified } from '../_shared/conditional.ts';
import { errorJson, json, methodNotAllowed, preflight, subPath } from '../_shared/http.ts';
import {
  callerAddress,
  createRestRateLimiter,
  PLAN_FEED_ADDRESS_LIMIT,
  PLAN_FEED_TOKEN_LIMIT,
  tooManyRequests,
  type RateLimiter,
} from '../_shared/rateLimit.ts';
import { createRestClient, restConfigFromEnv, type RestClient } from '../_shared/rest.ts';
import { hashFeedToken, newFeedToken, tokenFromSegment } from './feedToken.ts';
import { FEED_REFRESH_MINUTES, planFeed } from './planFeed.ts';
import {
  deleteToken,
  newestForecasts,
  ownedPlace,
  saveTokenHash,
  tokenCreatedAt,
  tokenOwner,
} from './store.ts';

/**
 * The 14-night plan of a saved place as a calendar to subscribe to (issue 28):
 *
 * - `GET|HEAD /plan-feed/<token>.ics?place=<id>`: `text/calendar` from core/plan for that place,
 *   from the newest forecasts the backend holds. No JWT (calendar apps send none): the token in
 *   the URL is the credential. One feed per place, not one holding every place: a calendar
 *   subscription is per URL anyway, and the plan costs ~20 ms of CPU per place, so 200 places in
 *   one answer would pass hosted Supabase's 2 s CPU limit per request
 *   (https://supabase.com/docs/guides/functions/limits).
 * - `GET /plan-feed/token`: whether the signed-in caller has a link, and since when.
 * - `POST /plan-feed/token`: a new token for the signed-in caller (replacing the old one: "Reset
 *   link"), answered once in clear; only its SHA-256 is stored.
 * - `DELETE /plan-feed/token`: revokes it.
 *
 * An unknown or revoked token, a malformed path, and a place that is not the token owner's all
 * answer the same bare 404. The token is never logged nor written anywhere but its hash: limits
 * are keyed by the hash, errors name no URL.
 */

/** Cache-Control of a feed: private (the URL is a secret), an hour before a cache asks again. */
const FEED_CACHE_CONTROL = 'private, max-age=3600';

const FEED_ERRORS = {
  tooMany: 'Too many requests for this calendar feed; try again later.',
  signIn: 'Sign in to get a calendar link.',
  unavailable: 'The calendar feed is not available just now. Please try again.',
} as const;

/** The one answer to every request for a feed that is not there, whatever the reason. */
const notFound = () =>
  new Response('Not found', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });

interface PlanFeedDeps {
  rest: () => RestClient;
  limiter: () => RateLimiter;
  now: () => number;
}

async function feed(req: Request, segment: string | undefined, deps: PlanFeedDeps) {
  const address = await deps.limiter().take(PLAN_FEED_ADDRESS_LIMIT, callerAddress(req));
  if (!address.ok) return tooManyRequests(address.retryAfterSeconds, FEED_ERRORS.tooMany);
  const token = tokenFromSegment(segment);
  const placeId = new URL(req.url).searchParams.get('place');
  if (!token || !placeId || placeId.length > 64) return notFound();
  const hash = await hashFeedToken(token);
  const rest = deps.rest();
  const userId = await tokenOwner(rest, hash);
  if (!userId) return notFound();
  const taken = await deps.limiter().take(PLAN_FEED_TOKEN_LIMIT, hash);
  if (!taken.ok) return tooManyRequests(taken.retryAfterSeconds, FEED_ERRORS.tooMany);
  const [place, forecasts] = await Promise.all([
    ownedPlace(rest, userId, placeId),
    newestForecasts(rest),
  ]);
  if (!place) return notFound();
  const now = deps.now();
  const answer = planFeed({ place, ...forecasts, now });
  const etag = await bodyEtag(answer.body, 'pf');
  const headers = {
    'content-type': 'text/calendar; charset=utf-8',
    'cache-control': FEED_CACHE_CONTROL,
    etag,
    'last-modified': new Date(answer.revised).toUTCString(),
    // Named, so "Save as" in a browser gives a file a calendar app opens.
    'content-disposition': 'inline; filename="aurora-nights.ics"',
  };
  const conditional = {
    ifNoneMatch: req.headers.get('if-none-match'),
    ifModifiedSince: req.headers.get('if-modified-since'),
  };
  if (isNotModified(conditional, { etag, lastModified: answer.revised }, now))
    return new Response(null, { status: 304, headers });
  return new Response(req.method === 'HEAD' ? null : answer.body, { status: 200, headers });
}

async function manageToken(req: Request, deps: PlanFeedDeps): Promise<Response> {
  if (req.method !== 'GET' && req.method !== 'POST' && req.method !== 'DELETE')
    return methodNotAllowed(['GET', 'POST', 'DELETE']);
  let caller: Caller;
  try {
    // Confirmed by Auth: a signed-out session's or a deleted account's token is still signed.
    caller = await getCaller(req, { confirmAccount: true });
  } catch (e) {
    if (e instanceof AuthError) return errorJson(401, FEED_ERRORS.signIn);
    return errorJson(503, FEED_ERRORS.unavailable);
  }
  if (caller.role !== 'authenticated') return errorJson(401, FEED_ERRORS.signIn);
  const rest = deps.rest();
  if (req.method === 'GET') {
    const createdAt = await tokenCreatedAt(rest, caller.userId);
    return json({ exists: createdAt !== null, createdAt });
  }
  if (req.method === 'DELETE') {
    await deleteToken(rest, caller.userId);
    return json({ revoked: true });
  }
  const token = newFeedToken();
  const createdAt = await saveTokenHash(
    rest,
    caller.userId,
    await hashFeedToken(token),
    deps.now(),
  );
  return json({ token, createdAt, refreshMinutes: FEED_REFRESH_MINUTES }, { status: 201 });
}

export function createPlanFeedHandler(deps: PlanFeedDeps): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method === 'OPTIONS') return preflight();
    const path = subPath(req.url, 'plan-feed');
    try {
      if (path.length === 1 && path[0] === 'token') return await manageToken(req, deps);
      if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
      if (path.length !== 1) return notFound();
      return await feed(req, path[0], deps);
    } catch {
      // The error may quote the request (and so the token): none of it goes out or to the log.
      return errorJson(503, FEED_ERRORS.unavailable);
    }
  };
}

const rest = memoByEnv(['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY'], () => {
  const config = restConfigFromEnv();
  if (!config) throw new Error('plan-feed needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY');
  return createRestClient(config);
});

export default createPlanFeedHandler({
  rest,
  limiter: () => createRestRateLimiter(rest()),
  now: () => Date.now(),
});
