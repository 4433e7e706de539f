import { getDefaultSpaceWeatherService } from '../space-weather/handler.ts';
import { DEFAULT_GFZ_BASE_URL } from '../space-weather/service.ts';
import { AuthError, getCaller } from '../_shared/auth.ts';
import { getEnv, memoByEnv } from '../_shared/env.ts';
import { errorJson, json, methodNotAllowed, preflight } from '../_shared/http.ts';
import { createRestClient, restConfigFromEnv } from '../_shared/rest.ts';
import { readArchiveRequest, runArchive, type ArchiveDeps } from './run.ts';

function depsFromEnv(): ArchiveDeps {
  const rest = restConfigFromEnv();
  if (!rest)
    throw new Error('archive-space-weather needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY');
  return {
    rest: createRestClient(rest),
    latest: async (resource) => {
      const served = await getDefaultSpaceWeatherService().get(resource);
      return served && { body: served.entry.body, origin: served.entry.origin };
    },
    fetch: (input, init) => fetch(input, init),
    gfzBaseUrl: getEnv('GFZ_BASE_URL') || DEFAULT_GFZ_BASE_URL,
    now: () => Date.now(),
  };
}

/**
 * POST /archive-space-weather, service role only: one archive run (run.ts) for the resources in
 * the body, e.g. `{"resources": ["solar-wind"], "retention": true}`. Called on the schedules of
 * `scheduling.function_jobs` (pg_cron + pg_net on hosted Supabase, `npm start` locally). An
 * agency that cannot be reached is reported in the answer (200: the run did what it could); a
 * failed write to the archive is a 500, so the schedule logs it.
 */
export function createArchiveHandler(
  getDeps: () => ArchiveDeps,
): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method === 'OPTIONS') return preflight();
    if (req.method !== 'POST') return methodNotAllowed(['POST']);
    try {
      const caller = await getCaller(req);
      if (caller.role !== 'service_role')
        return errorJson(403, 'archive-space-weather runs with the service role only');
    } catch (e) {
      return errorJson(401, e instanceof AuthError ? e.message : 'Invalid token');
    }
    const text = await req.text();
    let body: unknown = null;
    try {
      if (text.trim() !== '') body = JSON.parse(text);
    } catch {
      return errorJson(400, 'The body is not JSON');
    }
    const request = readArchiveRequest(body);
    if ('error' in request) return errorJson(400, request.error);
    try {
      return json(await runArchive(getDeps(), request));
    } catch (e) {
      return errorJson(500, `Archive run failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
}

export default createArchiveHandler(
  memoByEnv(['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'GFZ_BASE_URL'], depsFromEnv),
);
