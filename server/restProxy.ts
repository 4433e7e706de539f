import {
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type { Readable } from 'node:stream';
import { verifyJwt } from './auth/jwt.ts';
import { CORS_LOWER } from './cors.ts';

/**
 * Hop-by-hop fields (RFC 9110 §7.6.1; Keep-Alive, Proxy-Connection and Trailer from RFC 2616 §13.5.1):
 * they describe one connection, so a proxy never forwards them. Forwarding a client's
 * `Connection: close` (nginx in front sends it on every request) made each REST request close its
 * pooled connection to PostgREST, and 5–7 % of them failed with 503 under 30 clients (issue 21 item 14).
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** The headers without the hop-by-hop ones, including any the Connection field names. */
function endToEndHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.has(name) && !named.has(name)) out[name] = value;
  }
  return out;
}

export interface RestProxyOptions {
  jwtSecret: string;
  postgrestUrl: string;
  log: (line: string) => void;
  /** The request body, cut off with a 413 answer once it passes the gateway's limit. */
  limitedBody: (req: IncomingMessage, res: ServerResponse) => Readable;
  sendJson: (res: ServerResponse, status: number, body: unknown) => void;
}

/** `/rest/v1/*` → PostgREST, as hosted Supabase's API gateway does it: a project key required, CORS its own. */
export function createRestProxy(
  o: RestProxyOptions,
): (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void> {
  const upstream = new URL(o.postgrestUrl);
  return async (req, res, path) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const apikey =
      (req.headers.apikey as string | undefined) ?? url.searchParams.get('apikey') ?? undefined;
    // Like hosted Supabase's API gateway: a valid project key is required, and it stands in for a missing bearer.
    if (!apikey || !(await verifyJwt(o.jwtSecret, apikey)))
      return o.sendJson(res, 401, {
        message: apikey ? 'Invalid API key' : 'No API key found in request',
      });
    const headers = endToEndHeaders(req.headers);
    delete headers.host;
    if (!headers.authorization) headers.authorization = `Bearer ${apikey}`;
    url.searchParams.delete('apikey');
    const p = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: `${path}${url.search}`,
        headers,
      },
      (up) => {
        // The answer's CORS is the gateway's alone: PostgREST's own would make a second
        // Access-Control-Allow-Origin, and a browser refuses an answer that carries two.
        const answer: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(endToEndHeaders(up.headers))) {
          if (!name.startsWith('access-control-')) answer[name] = value;
        }
        res.writeHead(up.statusCode ?? 502, { ...answer, ...CORS_LOWER });
        up.pipe(res);
      },
    );
    p.on('error', (err) => {
      o.log(`rest: ${err.message}`);
      if (!res.headersSent) o.sendJson(res, 503, { message: 'The REST service is unavailable' });
      else res.destroy();
    });
    const body = o.limitedBody(req, res);
    body.on('error', () => p.destroy());
    body.pipe(p);
  };
}
