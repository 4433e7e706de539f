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
  const loading = new Map<string, Promise<Handler | null>>();
  /** Handlers already loaded (null: no such function), called without waiting on the import again. */
  const ready = new Map<string, Handler | null>();
  const load = (name: string): Promise<Handler | null> => {
    let p = loading.get(name);
    if (!p) {
      const file = join(dir, name, 'handler.ts');
      p = existsSync(file)
        ? import(pathToFileURL(file).href).then((m: { default?: unknown }) => (typeof m.default === 'function' ? (m.default as Handler) : null))
        : Promise.resolve(null);
      p.then(
        (h) => ready.set(name, h),
        () => loading.delete(name),
      );
      loading.set(name, p);
    }
    return p;
  };
  const run = (name: string, handler: Handler, req: Request): Promise<Response> => {
    try {
      return handler(req).catch((err: unknown) => workerError(opts.log, name, err));
    } catch (err) {
      return Promise.resolve(workerError(opts.log, name, err));
    }
  };
  return async (req: Request): Promise<Response> => {
    const name = functionName(req.url);
    if (!/^[a-z0-9][a-z0-9_-]*$/i.test(name)) return json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
    // Several local stacks may share a process (tests): the one serving this request sets its own
    // values — only when another stack (or a test) changed them, since writing process.env is slow.
    if (activeEnv !== opts.env || process.env.SUPABASE_URL !== opts.env.SUPABASE_URL) {
      Object.assign(process.env, opts.env);
      activeEnv = opts.env;
    }
    let handler = ready.get(name);
    if (handler === undefined) {
      try {
        handler = await load(name);
      } catch (err) {
        opts.log(`functions: ${name} failed to load: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        return json({ code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' }, 503);
      }
    }
    if (!handler) return json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
    return run(name, handler, req);
  };
}

function workerError(log: (line: string) => void, name: string, err: unknown): Response {
  log(`functions: ${name} threw: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  return json({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }, 500);
}

/** The environment last written to process.env by a router of this process. */
let activeEnv: Record<string, string> | null = null;

/** `<origin>/functions/v1/<name>/…` → `<name>` (string slicing: this runs on every function call). */
export function functionName(url: string): string {
  const marker = '/functions/v1/';
  const at = url.indexOf(marker);
  if (at === -1) return '';
  const start = at + marker.length;
  let end = start;
  while (end < url.length && url[end] !== '/' && url[end] !== '?' && url[end] !== '#') end++;
  return url.slice(start, end);
}
