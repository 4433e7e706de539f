import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

type Handler = (req: Request) => Promise<Response>;

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * `/functions/v1/<name>/*` → the default export of `supabase/functions/<name>/handler.ts`, loaded on
 * first use. The handler sees the gateway URL unchanged; the environment hosted Supabase gives
 * every function (SUPABASE_URL and the keys) is set in process.env before it runs.
 */
export function createFunctionsRouter(opts: { functionsDir: string; env: Record<string, string>; log: (line: string) => void }) {
  const dir = resolve(opts.functionsDir);
  const loaded = new Map<string, Promise<Handler | null>>();
  const load = (name: string): Promise<Handler | null> => {
    let p = loaded.get(name);
    if (!p) {
      const file = join(dir, name, 'handler.ts');
      p = existsSync(file)
        ? import(pathToFileURL(file).href).then((m: { default?: unknown }) => (typeof m.default === 'function' ? (m.default as Handler) : null))
        : Promise.resolve(null);
      p.catch(() => loaded.delete(name));
      loaded.set(name, p);
    }
    return p;
  };
  return async (req: Request): Promise<Response> => {
    const name = new URL(req.url).pathname.split('/')[3] ?? '';
    if (!/^[a-z0-9][a-z0-9_-]*$/i.test(name)) return json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
    // Several local stacks may share a process (tests): the one serving this request sets its own values.
    Object.assign(process.env, opts.env);
    let handler: Handler | null;
    try {
      handler = await load(name);
    } catch (err) {
      opts.log(`functions: ${name} failed to load: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      return json({ code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' }, 503);
    }
    if (!handler) return json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
    try {
      return await handler(req);
    } catch (err) {
      opts.log(`functions: ${name} threw: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      return json({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }, 500);
    }
  };
}
