import { getDefaultSpaceWeatherService } from '../space-weather/handler.ts';
import { AuthError, getCaller } from '../_shared/auth.ts';
import { getEnv, memoByEnv } from '../_shared/env.ts';
import { errorJson, json, methodNotAllowed, preflight } from '../_shared/http.ts';
import { pushPolicyFromEnv } from '../_shared/pushEndpoint.ts';
import { createRestClient, restConfigFromEnv } from '../_shared/rest.ts';
import { currentKp, parseKp1m, type KpSample } from './currentKp.ts';
import { runKpAlertSender, type RunDeps } from './run.ts';
import { createWebPushSender } from './webPush.ts';

/** The latest Kp through the space-weather cache (one upstream fetch per cadence, shared with clients). */
async function kpFromSpaceWeather(): Promise<KpSample | null> {
  const served = await getDefaultSpaceWeatherService().get('kp-1m');
  return served ? currentKp(parseKp1m(served.entry.body, Date.now())) : null;
}

function depsFromEnv(): RunDeps {
  const rest = restConfigFromEnv();
  const publicKey = getEnv('VAPID_PUBLIC_KEY');
  const privateKey = getEnv('VAPID_PRIVATE_KEY');
  if (!rest) throw new Error('kp-alert-sender needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY');
  if (!publicKey || !privateKey)
    throw new Error('kp-alert-sender needs VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY');
  return {
    rest: createRestClient(rest),
    getKp: kpFromSpaceWeather,
    send: createWebPushSender(
      { publicKey, privateKey, subject: getEnv('VAPID_SUBJECT') || 'mailto:alerts@aurora.invalid' },
      pushPolicyFromEnv(),
    ),
    now: () => Date.now(),
  };
}

/**
 * POST /kp-alert-sender, service role only: one alert pass. Run it on a schedule (pg_cron + pg_net
 * on hosted Supabase, every minute or five); the answer summarises what was sent.
 */
function createKpAlertHandler(getDeps: () => RunDeps): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method === 'OPTIONS') return preflight();
    if (req.method !== 'POST') return methodNotAllowed(['POST']);
    try {
      const caller = await getCaller(req);
      if (caller.role !== 'service_role')
        return errorJson(403, 'kp-alert-sender runs with the service role only');
    } catch (e) {
      return errorJson(401, e instanceof AuthError ? e.message : 'Invalid token');
    }
    try {
      return json(await runKpAlertSender(getDeps()));
    } catch (e) {
      return errorJson(500, `Kp alert run failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
}

export default createKpAlertHandler(
  memoByEnv(
    [
      'SUPABASE_URL',
      'SUPABASE_SERVICE_ROLE_KEY',
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
      'VAPID_SUBJECT',
      'PUSH_ALLOWED_HOSTS',
    ],
    depsFromEnv,
  ),
);
