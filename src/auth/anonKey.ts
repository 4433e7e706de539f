/**
 * The anon (publishable) key supabase-js sends as `apikey`. Order:
 * 1. `VITE_SUPABASE_ANON_KEY` baked in at build time (hosted Supabase deployments);
 * 2. `<meta name="aurora-supabase-anon-key" content="…">` in the served page (a server that
 *    injects it);
 * 3. the local gateway's public GoTrue settings, `GET {supabaseUrl}/auth/v1/settings`, field
 *    `anon_key` — the local stack makes a new key each start, so a build made without env has to
 *    ask. (Hosted GoTrue's /settings has no such field: there, set the env variable.)
 * 4. the key that answer gave last time, kept in localStorage beside the session: offline (or
 *    under Go Offline) the question cannot be asked, and without a key there is no client, no
 *    session and no preference sync for a signed-in user. The key is public (it is in every
 *    request the page sends); it is kept per backend URL, and online the fresh answer wins.
 */
const ANON_KEY_META = 'aurora-supabase-anon-key';
const ANON_KEY_PATH = '/auth/v1/settings';
/** localStorage key of the last key the backend gave: `{ url, key }`. */
export const STORED_ANON_KEY = 'aurora-supabase-anon-key';

type KeyStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The key kept for this backend URL, or null. */
export function readStoredAnonKey(storage: KeyStorage | null, supabaseUrl: string): string | null {
  try {
    const value = JSON.parse(storage?.getItem(STORED_ANON_KEY) ?? 'null') as {
      url?: unknown;
      key?: unknown;
    } | null;
    return value?.url === supabaseUrl && typeof value.key === 'string' && value.key
      ? value.key
      : null;
  } catch {
    return null;
  }
}

function storeAnonKey(storage: KeyStorage | null, supabaseUrl: string, key: string): void {
  try {
    storage?.setItem(STORED_ANON_KEY, JSON.stringify({ url: supabaseUrl, key }));
  } catch {
    // Storage full or disabled: the next offline start cannot build a client, nothing else breaks.
  }
}

export async function resolveAnonKey(opts: {
  baked: string | null;
  supabaseUrl: string;
  doc: Pick<Document, 'querySelector'> | null;
  fetch: typeof fetch;
  /** Where the last answer is kept (localStorage); null: nowhere. */
  storage: KeyStorage | null;
  /** Whether the page may use the network now (not offline, not Go Offline). */
  networkAllowed: boolean;
}): Promise<string> {
  if (opts.baked) return opts.baked;
  const meta = opts.doc
    ?.querySelector(`meta[name="${ANON_KEY_META}"]`)
    ?.getAttribute('content')
    ?.trim();
  if (meta) return meta;
  const stored = readStoredAnonKey(opts.storage, opts.supabaseUrl);
  if (!opts.networkAllowed) {
    if (stored) return stored;
    throw new Error('No Supabase anon key kept on this device, and the network may not be used');
  }
  let key = '';
  try {
    const res = await opts.fetch(`${opts.supabaseUrl}${ANON_KEY_PATH}`, {
      headers: { accept: 'application/json' },
    });
    const body = res.ok
      ? ((await res.json().catch(() => null)) as { anon_key?: unknown; anonKey?: unknown } | null)
      : null;
    key =
      typeof body?.anon_key === 'string'
        ? body.anon_key
        : typeof body?.anonKey === 'string'
          ? body.anonKey
          : '';
  } catch (err) {
    if (stored) return stored;
    throw err;
  }
  if (key) {
    if (key !== stored) storeAnonKey(opts.storage, opts.supabaseUrl, key);
    return key;
  }
  if (stored) return stored;
  throw new Error(
    `No Supabase anon key: set VITE_SUPABASE_ANON_KEY at build time (GET ${ANON_KEY_PATH} gave none)`,
  );
}
