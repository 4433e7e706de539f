import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { AuthService } from './auth/AuthService.ts';
import { BodyLimit, BodyTooLargeError, MAX_BODY_BYTES, declaredTooLarge } from './bodyLimit.ts';
import { failureLogger } from './failureLog.ts';
import type { PlainAnswer, RequestFacts } from './functions.ts';
import { contentSecurityPolicy } from './csp.ts';
import { CORS, CORS_ANSWER_LOWER, CORS_LOWER } from './cors.ts';
import {
  MIN_COMPRESS_BYTES,
  compressBody,
  isCompressible,
  negotiateEncoding,
  weakEtag,
  type Encoding,
} from './contentEncoding.ts';
import type { RealtimeServer } from './realtime/RealtimeServer.ts';
import { createRestProxy } from './restProxy.ts';
import { createStaticHandler } from './static.ts';

export interface GatewayOptions {
  /** The gateway's own public origin (what SUPABASE_URL points at). */
  publicUrl: string;
  jwtSecret: string;
  postgrestUrl: string;
  auth: AuthService;
  realtime: RealtimeServer;
  functions: ((req: Request) => Promise<Response>) & {
    cachedAnswer?: (req: RequestFacts) => PlainAnswer | null;
  };
  /** The built app; null or missing → API only. */
  distDir: string | null;
  cspHosts: string[];
  log: (line: string) => void;
  /** Largest request body accepted (default MAX_BODY_BYTES); larger ones get a 413 before they are read. */
  maxBodyBytes?: number;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...CORS });
  res.end(JSON.stringify(body));
}

/**
 * Node request → Web Request (the auth server and the functions are Web-standard handlers). With
 * `peer`, X-Forwarded-For is the peer's address alone, whatever the client sent: the functions
 * key their per-address limits on it, as hosted Supabase's edge sets it for them.
 */
function toWebRequest(
  req: IncomingMessage,
  body: Readable,
  origin: string,
  peer?: string,
): Request {
  // Header pairs straight from the wire and the URL as a string: the Request parses and validates
  // both itself, so building a Headers and a URL here first would only do the work twice.
  const raw = req.rawHeaders;
  const headers: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (peer !== undefined && /^x-forwarded-for$/i.test(raw[i]!)) continue;
    headers.push([raw[i]!, raw[i + 1]!]);
  }
  if (peer !== undefined) headers.push(['x-forwarded-for', peer]);
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const path = req.url ?? '/';
  return new Request(origin + (path.startsWith('/') ? path : `/${path}`), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(body) as ReadableStream<Uint8Array>) : undefined,
    duplex: 'half',
  } as RequestInit);
}

/**
 * A handler's compressed answers by validator: the same product version (ETag) compresses once,
 * however many clients miss the in-memory fast path. Bounded: a few products, a few versions.
 */
const encodedByEtag = new Map<string, Uint8Array>();

/** The body compressed for the client when it is worth it (headers updated), else as it is. */
function encodeWhole(
  headers: Record<string, string | string[]>,
  body: Uint8Array,
  acceptEncoding: string,
): Uint8Array {
  const type = String(headers['content-type'] ?? '');
  if (
    headers['content-encoding'] !== undefined ||
    body.byteLength < MIN_COMPRESS_BYTES ||
    !isCompressible(type)
  )
    return body;
  headers.vary = 'Accept-Encoding';
  const encoding = encodingFor(acceptEncoding);
  if (encoding === 'identity') return body;
  const etag = typeof headers.etag === 'string' ? headers.etag : null;
  const key = etag ? `${encoding} ${body.byteLength} ${etag}` : null;
  let encoded = key ? encodedByEtag.get(key) : undefined;
  if (!encoded) {
    encoded = compressBody(body)[encoding];
    if (key) {
      if (encodedByEtag.size >= 64) encodedByEtag.delete(encodedByEtag.keys().next().value!);
      encodedByEtag.set(key, encoded);
    }
  }
  headers['content-encoding'] = encoding;
  if (etag) headers.etag = weakEtag(etag)!;
  delete headers['content-length'];
  return encoded;
}

/**
 * Web Response → Node response. A body that arrives in one chunk (every cached space-weather
 * answer, every JSON answer) is sent in one write with a Content-Length, compressed when the
 * caller passes the client's Accept-Encoding; anything longer streams as it is.
 */
async function sendWebResponse(
  res: ServerResponse,
  r: Response,
  extra: Record<string, string> = {},
  acceptEncoding?: string,
): Promise<void> {
  // The gateway already answered (a body over the limit): the handler's late answer is dropped.
  if (res.headersSent) {
    await r.body?.cancel();
    return;
  }
  const headers: Record<string, string | string[]> = { ...extra };
  for (const [k, v] of r.headers) {
    if (k !== 'set-cookie') headers[k] = v;
  }
  if (r.headers.has('set-cookie')) headers['set-cookie'] = r.headers.getSetCookie();
  if (!r.body) {
    res.writeHead(r.status, headers);
    res.end();
    return;
  }
  const reader = r.body.getReader();
  const first = await reader.read();
  const second = first.done ? first : await reader.read();
  if (second.done) {
    let body: Uint8Array | undefined = first.value;
    if (body && acceptEncoding !== undefined) body = encodeWhole(headers, body, acceptEncoding);
    if (
      body &&
      headers['content-length'] === undefined &&
      headers['transfer-encoding'] === undefined
    )
      headers['content-length'] = String(body.byteLength);
    res.writeHead(r.status, headers);
    res.end(body);
    return;
  }
  res.writeHead(r.status, headers);
  if (!res.write(first.value)) await drained(res);
  if (!res.write(second.value)) await drained(res);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!res.write(value)) await drained(res);
  }
  res.end();
}

/** A GET's facts for a function's `cachedAnswer`, read off the Node request (Node lower-cases header names). */
class NodeRequestFacts implements RequestFacts {
  readonly method: string;
  readonly url: string;
  constructor(
    private readonly req: IncomingMessage,
    origin: string,
  ) {
    this.method = req.method ?? 'GET';
    this.url = origin + (req.url ?? '/');
  }
  header(name: string): string | null {
    const v = this.req.headers[name];
    return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
  }
}

/** A plain answer's headers merged with CORS (and its length), once per headers object and encoding: they are reused across requests. */
const mergedHeaders = new WeakMap<
  object,
  Partial<Record<Encoding, Record<string, string>>> & { bodiless?: Record<string, string> }
>();

/**
 * A cached body's compressed forms, made on the first request that accepts them: a cached body
 * changes once per product update, so each update is compressed once, not once per request.
 */
const compressedBodies = new WeakMap<Uint8Array, { br: Uint8Array; gzip: Uint8Array }>();

/** Accept-Encoding values repeat (one per browser): remember the few we have negotiated. */
const negotiated = new Map<string, Encoding>();
const DYNAMIC_ENCODINGS: readonly Encoding[] = ['br', 'gzip'];

function encodingFor(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let e = negotiated.get(acceptEncoding);
  if (e === undefined) {
    e = negotiateEncoding(acceptEncoding, DYNAMIC_ENCODINGS);
    if (negotiated.size > 64) negotiated.clear();
    negotiated.set(acceptEncoding, e);
  }
  return e;
}

function sendPlainAnswer(
  res: ServerResponse,
  a: PlainAnswer,
  acceptEncoding: string | undefined,
): void {
  let merged = mergedHeaders.get(a.headers.plain);
  if (!merged) mergedHeaders.set(a.headers.plain, (merged = {}));
  if (a.body) {
    const type = a.headers.plain['content-type'] ?? '';
    const encoding =
      a.body.byteLength >= MIN_COMPRESS_BYTES && isCompressible(type)
        ? encodingFor(acceptEncoding)
        : 'identity';
    let body = a.body;
    if (encoding !== 'identity') {
      let packed = compressedBodies.get(a.body);
      if (!packed) compressedBodies.set(a.body, (packed = compressBody(a.body)));
      body = packed[encoding];
    }
    // Per headers object the body is always the same one (a cached entry's), so its length is too.
    const length = String(body.byteLength);
    let headers = merged[encoding];
    if (headers?.['content-length'] !== length) {
      headers = { ...CORS_ANSWER_LOWER, ...a.headers.plain, 'content-length': length };
      if (encoding !== 'identity') {
        headers['content-encoding'] = encoding;
        const etag = weakEtag(headers.etag);
        if (etag) headers.etag = etag;
      }
      if (isCompressible(type)) headers.vary = 'Accept-Encoding';
      merged[encoding] = headers;
    }
    res.writeHead(a.status, headers);
    res.end(body);
  } else {
    merged.bodiless ??= { ...CORS_ANSWER_LOWER, ...a.headers.plain };
    res.writeHead(a.status, merged.bodiless);
    res.end();
  }
}

/**
 * The path for the log: without its query (which may carry keys), and with any segment long
 * enough to be a secret (a calendar feed's token, `plan-feed/<token>.ics`: 43 characters) left out.
 */
export function logPath(url: string | undefined): string {
  return (url ?? '/')
    .split('?')[0]!
    .replace(/[A-Za-z0-9_-]{32,}/g, '<secret>')
    .slice(0, 200);
}

const drained = (res: ServerResponse) => new Promise((ok) => res.once('drain', ok));

/** The peer's address, as one key per client for rate limits (IPv4 without its IPv6 mapping). */
function clientIp(req: IncomingMessage): string {
  const a = req.socket.remoteAddress ?? 'unknown';
  return a.startsWith('::ffff:') ? a.slice(7) : a;
}

function isMalformedPath(path: string): boolean {
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

/**
 * The one origin of the local stack, in front of everything: /rest/v1 (PostgREST), /auth/v1,
 * /realtime/v1/websocket, /functions/v1 and, for every other path, the built app.
 */
export function createGateway(o: GatewayOptions): Server {
  const origin = o.publicUrl.replace(/\/+$/, '');
  const staticHandler =
    o.distDir && existsSync(`${o.distDir}/index.html`) ? createStaticHandler(o.distDir) : null;
  const csp = contentSecurityPolicy(o.cspHosts);
  const maxBody = o.maxBodyBytes ?? MAX_BODY_BYTES;
  const logFailure = failureLogger(o.log);

  const tooLarge = (res: ServerResponse) => {
    if (res.headersSent) return;
    // Connection: close — the rest of the body is never read; the socket goes once this is sent.
    res.writeHead(413, { 'Content-Type': 'application/json', Connection: 'close', ...CORS });
    res.end(JSON.stringify({ message: `Request body too large: at most ${maxBody} bytes` }));
  };

  /** The request body, cut off (with a 413 answer) as soon as it passes the limit. */
  const limitedBody = (req: IncomingMessage, res: ServerResponse): Readable => {
    const limited = new BodyLimit(maxBody);
    limited.on('error', (err) => {
      if (err instanceof BodyTooLargeError) {
        req.unpipe(limited);
        req.pause();
        tooLarge(res);
      }
    });
    return req.pipe(limited);
  };

  const proxyRest = createRestProxy({
    jwtSecret: o.jwtSecret,
    postgrestUrl: o.postgrestUrl,
    log: o.log,
    limitedBody,
    sendJson,
  });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    // The app's /api/* paths are rewritten to the functions base, as a host rewrite rule would.
    if (req.url?.startsWith('/api/')) req.url = `/functions/v1/${req.url.slice('/api/'.length)}`;
    const path = (req.url ?? '/').split('?')[0]!;
    if (declaredTooLarge(req, maxBody)) return tooLarge(res);
    if (isMalformedPath(path))
      return sendJson(res, 400, {
        message: 'Malformed URL: a % is not followed by two hex digits of valid UTF-8',
      });
    const api = /^\/(rest|auth|functions|realtime|storage)\/v1(\/|$)/.exec(path);
    if (api && req.method === 'OPTIONS') {
      res.writeHead(204, CORS);
      res.end();
      return;
    }
    if (path.startsWith('/rest/v1/') || path === '/rest/v1')
      return proxyRest(req, res, path.slice('/rest/v1'.length) || '/');
    if (api?.[1] === 'auth')
      return sendWebResponse(
        res,
        await o.auth.handle(toWebRequest(req, limitedBody(req, res), origin), clientIp(req)),
        CORS_LOWER,
      );
    if (
      api?.[1] === 'functions' &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      o.functions.cachedAnswer
    ) {
      const answer = o.functions.cachedAnswer(new NodeRequestFacts(req, origin));
      if (answer) return sendPlainAnswer(res, answer, req.headers['accept-encoding']);
    }
    if (api?.[1] === 'functions')
      return sendWebResponse(
        res,
        await o.functions(toWebRequest(req, limitedBody(req, res), origin, clientIp(req))),
        CORS_ANSWER_LOWER,
        req.headers['accept-encoding'] ?? '',
      );
    if (api) return sendJson(res, 404, { message: 'Not found' });
    if (!staticHandler)
      return sendJson(res, 404, { message: 'No app build is served by this gateway' });
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    staticHandler(req, res);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      logFailure(`gateway: ${req.method} ${logPath(req.url)} failed`, err);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal error' });
      else res.destroy();
    });
  });
  server.on('upgrade', (req, socket, head) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/realtime/v1/websocket') {
      o.realtime.handleUpgrade(req, socket, head).catch(() => socket.destroy());
    } else socket.destroy();
  });
  return server;
}
