import { request } from 'node:http';

/**
 * Another client, as the gateway sees it: every 127.0.0.0/8 address is this machine's loopback, so a
 * request bound to 127.0.0.`n` reaches the stack from a peer address of its own (the gateway keys
 * its limits by the peer address, never by forwarded headers). Loopback only.
 */
export function loopbackPeer(n: number): string {
  if (!Number.isInteger(n) || n < 2 || n > 254) throw new Error(`no loopback peer 127.0.0.${n}`);
  return `127.0.0.${n}`;
}

export interface PeerAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

/** POSTs JSON to the stack (`stackUrl` + `path`) from `localAddress`, e.g. loopbackPeer(5). */
export function postFrom(
  localAddress: string,
  stackUrl: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<PeerAnswer> {
  const port = Number(new URL(stackUrl).port);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}
