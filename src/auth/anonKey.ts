/**
 * The anon (publishable) key supabase-js sends as `apikey`. Order:
 * 1. `VITE_SUPABASE_ANON_KEY` baked in at build time (hosted Supabase deployments);
 * 2. `<meta name="aurora-supabase-anon-key" content="…">` in the served page (a server that
 *    injects it);
 * 3. the local gateway's public GoTrue settings, `GET {supabaseUrl}/auth/v1/settings`, field
 *    `anon_key` — the local stack makes a new key each start, so a build made without env has to
 *    ask. (Hosted GoTrue's /settings has no such field: there, set the env variable.)
 */
const ANON_KEY_META = 'aurora-supabase-anon-key';
const ANON_KEY_PATH = '/auth/v1/settings';

export async function resolveAnonKey(opts: {
  baked: string | null;
  supabaseUrl: string;
  doc: Pick<Document, 'querySelector'> | null;
  fetch: typeof fetch;
}): Promise<string> {
  if (opts.baked) return opts.baked;
  const meta = opts.doc
    ?.querySelector(`meta[name="${ANON_KEY_META}"]`)
    ?.getAttribute('content')
    ?.trim();
  if (meta) return meta;
  const res = await opts.fetch(`${opts.supabaseUrl}${ANON_KEY_PATH}`, {
    headers: { accept: 'application/json' },
  });
  const body = res.ok
    ? ((await res.json().catch(() => null)) as { anon_key?: unknown; anonKey?: unknown } | null)
    : null;
  const key =
    typeof body?.anon_key === 'string'
      ? body.anon_key
      : typeof body?.anonKey === 'string'
        ? body.anonKey
        : '';
  if (!key)
    throw new Error(
      `No Supabase anon key: set VITE_SUPABASE_ANON_KEY at build time (GET ${ANON_KEY_PATH} gave none)`,
    );
  return key;
}
