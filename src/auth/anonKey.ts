/**
 * The anon (publishable) key supabase-js sends as `apikey`. Order:
 * 1. `VITE_SUPABASE_ANON_KEY` baked in at build time (hosted Supabase deployments);
 * 2. `<meta name="aurora-supabase-anon-key" content="…">` in the served page (a server that
 *    injects it);
 * 3. GET {supabaseUrl}/auth/v1/anon-key → `{ "anonKey": "…" }` or the bare key as text — the
 *    local gateway's discovery endpoint, so `npm start` works with a build made without env.
 */
export const ANON_KEY_META = 'aurora-supabase-anon-key';
export const ANON_KEY_PATH = '/auth/v1/anon-key';

export async function resolveAnonKey(opts: {
  baked: string | null;
  supabaseUrl: string;
  doc: Pick<Document, 'querySelector'> | null;
  fetch: typeof fetch;
}): Promise<string> {
  if (opts.baked) return opts.baked;
  const meta = opts.doc?.querySelector(`meta[name="${ANON_KEY_META}"]`)?.getAttribute('content')?.trim();
  if (meta) return meta;
  const res = await opts.fetch(`${opts.supabaseUrl}${ANON_KEY_PATH}`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`No anon key: set VITE_SUPABASE_ANON_KEY (GET ${ANON_KEY_PATH} answered ${res.status})`);
  const body = (await res.text()).trim();
  let key = body;
  if (body.startsWith('{')) {
    const parsed = JSON.parse(body) as { anonKey?: unknown; anon_key?: unknown };
    key = typeof parsed.anonKey === 'string' ? parsed.anonKey : typeof parsed.anon_key === 'string' ? parsed.anon_key : '';
  }
  if (!key) throw new Error(`No anon key: set VITE_SUPABASE_ANON_KEY (GET ${ANON_KEY_PATH} gave none)`);
  return key;
}
