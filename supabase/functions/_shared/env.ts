/**
 * Environment access that works on Deno (Supabase Edge Runtime) and Node (local gateway, tests).
 * Read at call time, not import time, so tests and the gateway can set variables after loading.
 */
export function getEnv(name: string): string | undefined {
  const deno = globalThis.Deno;
  if (deno) return deno.env.get(name) ?? undefined;
  const proc = (globalThis as { process?: { env: Record<string, string | undefined> } }).process;
  return proc?.env[name];
}

/**
 * Memoises a value built from environment variables, rebuilding it when any of them changes.
 * Deployed functions see one environment for life; the local gateway may serve several test
 * stacks from one process and switches the variables per request.
 */
export function memoByEnv<T>(names: readonly string[], create: () => T): () => T {
  let seen: (string | undefined)[] | null = null;
  let value: T;
  return () => {
    // Compared name by name, no joined key: this runs on every request of the hot space-weather path.
    let same = seen !== null;
    for (let i = 0; same && i < names.length; i++) same = getEnv(names[i]!) === seen![i];
    if (!same) {
      value = create();
      seen = names.map((n) => getEnv(n));
    }
    return value;
  };
}
