/**
 * The worker's `fetch`, over node:http on one keep-alive connection, counting every byte each
 * exchange puts on the wire: the request line and headers as sent, the status line, headers and
 * body as received (compressed, as the gateway sent it). One connection, so exchanges take turns
 * and the socket's byte counters split exactly between them.
 */
import { Agent, request, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FetchLike } from '../../../workers/request/requestWithRetry.ts';

export interface Exchange {
  method: string;
  url: string;
  status: number;
  /** Request line + headers (+ body, none here). */
  sent: number;
  /** Status line + headers + body as it crossed the wire. */
  received: number;
  /** The body alone as it crossed the wire (compressed). */
  bodyBytes: number;
  /** The body decompressed, as text. */
  text: string;
}

export function meteredFetch(
  baseHeaders: Readonly<Record<string, string>>,
  onExchange: (e: Exchange) => void,
): { fetch: FetchLike; close(): void } {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const fetch: FetchLike = (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const method = init.method ?? 'GET';
      const headers = { ...baseHeaders, ...(init.headers as Record<string, string>) };
      // As Chromium does: no Referer when the fetch asks for none.
      if (init.referrerPolicy === 'no-referrer')
        for (const name of Object.keys(headers))
          if (name.toLowerCase() === 'referer') delete headers[name];
      const req = request(url, { method, headers, agent });
      let socket: Socket | null = null;
      let w0 = 0;
      let r0 = 0;
      req.on('socket', (s: Socket) => {
        socket = s;
        w0 = s.bytesWritten;
        r0 = s.bytesRead;
      });
      const onAbort = () => req.destroy(new DOMException('aborted', 'AbortError'));
      init.signal?.addEventListener('abort', onAbort);
      req.on('error', (e) => {
        init.signal?.removeEventListener('abort', onAbort);
        reject(new TypeError(`Failed to fetch: ${e.message}`));
      });
      req.on('response', (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          init.signal?.removeEventListener('abort', onAbort);
          const raw = Buffer.concat(chunks);
          const s = socket as Socket | null;
          const encoding = res.headers['content-encoding'];
          const body =
            encoding === 'br'
              ? brotliDecompressSync(raw)
              : encoding === 'gzip'
                ? gunzipSync(raw)
                : raw;
          onExchange({
            method,
            url,
            status: res.statusCode ?? 0,
            sent: s ? s.bytesWritten - w0 : 0,
            received: s ? s.bytesRead - r0 : 0,
            bodyBytes: raw.byteLength,
            text: body.toString('utf8'),
          });
          const out = new Headers();
          for (const [k, v] of Object.entries(res.headers))
            if (v !== undefined && k !== 'content-encoding' && k !== 'content-length')
              out.set(k, Array.isArray(v) ? v.join(', ') : v);
          const status = res.statusCode ?? 0;
          const empty = status === 304 || status === 204 || method === 'HEAD';
          resolve(
            new Response(empty ? null : new Uint8Array(body), {
              status,
              statusText: res.statusMessage,
              headers: out,
            }),
          );
        });
      });
      req.end();
    });
  return { fetch, close: () => agent.destroy() };
}
