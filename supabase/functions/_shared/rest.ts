import { getEnv } from './env.ts';

/**
 * A tiny PostgREST client acting as the service role. Functions only need a handful of calls, and
 * plain fetch keeps them free of supabase-js's realtime client (which needs a WebSocket on Node 20).
 */
export interface RestClient {
  request<T = unknown>(
    method: string,
    pathAndQuery: string,
    opts?: { body?: unknown; prefer?: string[] },
  ): Promise<T>;
}

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'RestError';
  }
}

export interface RestConfig {
  url: string;
  serviceRoleKey: string;
  fetch?: typeof fetch;
}

export function restConfigFromEnv(): RestConfig | null {
  const url = getEnv('SUPABASE_URL');
  const serviceRoleKey = getEnv('SUPABASE_SERVICE_ROLE_KEY');
  return url && serviceRoleKey ? { url, serviceRoleKey } : null;
}

export function createRestClient(config: RestConfig): RestClient {
  const base = `${config.url.replace(/\/+$/, '')}/rest/v1/`;
  const doFetch = config.fetch ?? fetch;
  return {
    async request<T>(
      method: string,
      pathAndQuery: string,
      opts: { body?: unknown; prefer?: string[] } = {},
    ): Promise<T> {
      const headers: Record<string, string> = {
        apikey: config.serviceRoleKey,
        authorization: `Bearer ${config.serviceRoleKey}`,
        accept: 'application/json',
      };
      if (opts.body !== undefined) headers['content-type'] = 'application/json';
      if (opts.prefer?.length) headers.prefer = opts.prefer.join(', ');
      const res = await doFetch(base + pathAndQuery, {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      });
      const text = await res.text();
      if (!res.ok) {
        let code: string | null = null;
        let message = `${res.status} ${res.statusText}`;
        try {
          const err = JSON.parse(text) as { code?: string; message?: string };
          code = err.code ?? null;
          if (err.message) message = err.message;
        } catch {
          if (text) message = `${message}: ${text.slice(0, 200)}`;
        }
        throw new RestError(res.status, code, message);
      }
      return (text ? JSON.parse(text) : null) as T;
    },
  };
}

/** Encodes a PostgREST filter value (`eq.<value>`), quoting nothing: values go through the URL encoder. */
export function eq(value: string | number | boolean): string {
  return `eq.${encodeURIComponent(String(value))}`;
}
