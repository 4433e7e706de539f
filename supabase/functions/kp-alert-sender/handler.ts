import { getDefaultSpaceWeatherService } from '../space-weather/handler.ts';
import { AuthError, getCaller } from '../_shared/auth.ts';
import { getEnv, memoByEnv } from '../_shared/env.ts';
import { errorJson, json, methodNotAllowed, preflight } from '../_shared/http.ts';
import { pushPolicyFromEnv } from '../_shared/pushEndpoint.ts';
import { createRestClient, restConfigFromEnv } from '../_shared/rest.ts';
import { weatherFunctionClouds } from './cellClouds.ts';
import { runAlertSender, type RunDeps } from './run.ts';
import { readSkyInputs, type SkyInputs } from './skyInputs.ts';
import { createWebPushSender } from './webPush.ts';

/**
 * OVATION, the 1-minute Kp and the Kp forecast through the space-weather service's store (one
 * upstream fetch per cadence, shared with every client; its replays are old, so the engine's
 * freshness windows keep them from alerting).
 */
async function skyInputsFromSpaceWeather(): Promise<SkyInputs> {
  const service = getDefaultSpaceWeatherService();
  const [ovation, kp1m, kpForecast] = await Promise.all(
    (['aurora-oval', 'kp-1m', 'kp-forecast'] as const).map((r) => service.get(r).catch(() => null)),
  );
  return readSkyInputs(
    {
      ovation: ovation?.entry.body ?? null,
      kp1m: kp1m?.entry.body ?? null,
      kpForecast: kpForecast?.entry.body ?? null,
    },
    Date.now(),
  );
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
    inputs: skyInputsFromSpaceWeather,
    // The weather function is open to every caller; the anon key is what a browser would send.
    clouds: weatherFunctionClouds(rest.url, getEnv('SUPABASE_ANON_KEY') || rest.serviceRoleKey),
    send: createWebPushSender(
      { publicKey, privateKey, subject: getEnv('VAPID_SUBJECT') || 'mailto:alerts@aurora.invalid' },
      pushPolicyFromEnv(),
    ),
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}

/**
 * POST /kp-alert-sender, service role only: one pass of the alert engine over every subscription
 * (Kp and "aurora visible now" alerts: the name is from before the second kind). Run on a schedule
 * (`scheduling.function_jobs`, every 5 minutes); the answer summarises what was sent.
 */
function createAlertSenderHandler(getDeps: () => RunDeps): (req: Request) => Promise<Response> {
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
      return json(await runAlertSender(getDeps()));
    } catch (e) {
      return errorJson(500, `Alert run failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
}

export default createAlertSenderHandler(
  memoByEnv(
    [
      'SUPABASE_URL',
      'SUPABASE_ANON_KEY',
      'SUPABASE_SERVICE_ROLE_KEY',
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
      'VAPID_SUBJECT',
      'PUSH_ALLOWED_HOSTS',
    ],
    depsFromEnv,
  ),
);
