import { methodNotAllowed, ping, preflight } from '../_shared/http.ts';

/** GET /functions/v1/ping: latency check with server time (the debug API status indicator pings it). */
export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST')
    return methodNotAllowed(['GET', 'HEAD', 'POST']);
  return ping('functions');
}
