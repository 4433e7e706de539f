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

export function requireEnv(name: string): string {
  const value = getEnv(name);
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}
