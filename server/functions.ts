import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BodyTooLargeError } from './bodyLimit.ts';
import { failureLogger } from './failureLog.ts';

type Handler = (req: Request) => Promise<Response>;

/** What a request's answer may depend on, read straight off the Node request. */
export interface RequestFacts {
  method: string;
  url: string;
  header(name: string): string | null;
}

/** An answer as plain data (status, headers, body), for the gateway to write without a Web Response. */
export interface PlainAnswer {
  status: number;
  headers: { plain: Readonly<Record<string, string>> };
  body: Uint8Array | null;
}

/**
 * Optional second export of a function's handler.ts, `cachedAnswer`: answers synchronously from
 * memory when it can (null otherwise, and the handler runs). Node-only speed: hosted Supabase
 * ignores it, and the handler must give the same answer (space-weather shares the code).
 */
type CachedAnswerFn = (req: RequestFacts) => PlainAnswer | null;

export interface FunctionsRouter {
  (req: Request): Promise<Response>;
  /** The answer of an already-loaded function's `cachedAnswer`, or null: then call the router. */
  cachedAnswer(req: RequestFacts): PlainAnswer | null;
}

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * `/functions/v1/<name>/*` → the default export of `supabase/functions/<name>/handler.ts`, loaded on
 * first use. The handler sees the gateway URL unchanged; the environment hosted Supabase gives
 * every function (SUPABASE_URL and the keys) is set in process.env before it runs.
 */
export function createFunctionsRouter(opts: {
  functionsDir: string;
  env: Record<string, string>;
  log: (line: string) => void;
}): FunctionsRouter {
  const dir = resolve(opts.functionsDir);
  const loading = new Map<string, Promise<Handler | null>>();
  /** Handlers already loaded (null: no such function), called without waiting on the import again. */
  const ready = new Map<string, Handler | null>();
  const logFailure = failureLogger(opts.log);
  const fast = new Map<string, CachedAnswerFn>();
  const load = (name: string): Promise<Handler | null> => {
    let p = loading.get(name);
    if (!p) {
      const file = join(dir, name, 'handler.ts');
      p = existsSync(file)
        ? import(pathToFileURL(file).href).then(
            (m: { default?: unknown; cachedAnswer?: unknown }) => {
              if (typeof m.cachedAnswer === 'function')
                fast.set(name, m.cachedAnswer as CachedAnswerFn);
              return typeof m.default === 'function' ? (m.default as Handler) : null;
            },
          )
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
      return handler(req).catch((err: unknown) => workerError(logFailure, name, err));
    } catch (err) {
      return Promise.resolve(workerError(logFailure, name, err));
    }
  };
  const useEnv = () => {
    // Several local stacks may share a process (tests): the one serving this request sets its own
    // values — only when another stack (or a test) changed them, since writing process.env is slow.
    if (activeEnv !== opts.env || process.env.SUPABASE_URL !== opts.env.SUPABASE_URL) {
      Object.assign(process.env, opts.env);
      activeEnv = opts.env;
    }
  };
  const route = async (req: Request): Promise<Response> => {
    const name = functionName(req.url);
    if (!/^[a-z0-9][a-z0-9_-]*$/i.test(name))
      return json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
    useEnv();
    let handler = ready.get(name);
    if (handler === undefined) {
      try {
        handler = await load(name);
      } catch (err) {
        opts.log(
          `functions: ${name} failed to load: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
        );
        return json(
          { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' },
          503,
        );
      }
    }
    if (!handler)
      return json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
    return run(name, handler, req);
  };
  const cachedAnswer = (req: RequestFacts): PlainAnswer | null => {
    if (fast.size === 0) return null;
    const answer = fast.get(functionName(req.url));
    if (!answer) return null;
    useEnv();
    try {
      return answer(req);
    } catch {
      return null; // the handler then runs, and reports the failure its own way
    }
  };
  return Object.assign(route, { cachedAnswer });
}

function workerError(
  logFailure: (context: string, err: unknown) => void,
  name: string,
  err: unknown,
): Response {
  // The gateway has already answered 413 for a body over its limit: nothing to log.
  if (err instanceof BodyTooLargeError)
    return json({ code: 'PAYLOAD_TOO_LARGE', message: err.message }, 413);
  logFailure(`functions: ${name} threw`, err);
  return json(
    { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' },
    500,
  );
}

/** The environment last written to process.env by a router of this process. */
let activeEnv: Record<string, string> | null = null;

/** `<origin>/functions/v1/<name>/…` → `<name>` (string slicing: this runs on every function call). */
function functionName(url: string): string {
  const marker = '/functions/v1/';
  const at = url.indexOf(marker);
  if (at === -1) return '';
  const start = at + marker.length;
  let end = start;
  while (end < url.length && url[end] !== '/' && url[end] !== '?' && url[end] !== '#') end++;
  return url.slice(start, end);
}
