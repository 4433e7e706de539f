import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for NOAA SWPC (a third party across the network): serves the bodies it is given by
 * path, with an ETag and 304 on a matching If-None-Match, and counts every request it receives.
 * A path set to 'drop' has its connection destroyed (upstream unreachable); one set to 'hang' never
 * answers (until the server closes). The query is recorded but does not pick the body.
 */
export interface TestUpstream {
  url: string;
  requests: { path: string; query: string; ifNoneMatch: string | null }[];
  set(path: string, body: string | 'drop' | 'hang', contentType?: string): void;
  count(path: string): number;
  close(): Promise<void>;
}

export async function startTestUpstream(): Promise<TestUpstream> {
  const bodies = new Map<
    string,
    { body: string | 'drop' | 'hang'; contentType: string; etag: string }
  >();
  const requests: TestUpstream['requests'] = [];
  const server: Server = createServer((req, res) => {
    const [path = '', query = ''] = (req.url ?? '/').replace(/^\//, '').split('?');
    const ifNoneMatch = req.headers['if-none-match'] ?? null;
    requests.push({
      path,
      query,
      ifNoneMatch: typeof ifNoneMatch === 'string' ? ifNoneMatch : null,
    });
    const entry = bodies.get(path);
    if (!entry)
      return void res
        .writeHead(404, { 'content-type': 'text/html' })
        .end('<html><body>404 Not Found</body></html>');
    if (entry.body === 'drop') return void req.socket.destroy();
    if (entry.body === 'hang') return;
    if (ifNoneMatch === entry.etag) return void res.writeHead(304, { etag: entry.etag }).end();
    res
      .writeHead(200, {
        'content-type': entry.contentType,
        etag: entry.etag,
        'last-modified': new Date().toUTCString(),
      })
      .end(entry.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    set(path, body, contentType = 'application/json') {
      const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
      bodies.set(path, { body, contentType, etag });
    },
    count: (path) => requests.filter((r) => r.path === path).length,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
