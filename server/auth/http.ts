/** GoTrue-shaped responses: errors carry both the numeric `code` and the string `error_code`. */
const API_VERSION = '2024-01-01';

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': API_VERSION,
      ...headers,
    },
  });
}

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function errorResponse(err: AuthError): Response {
  return json(
    { code: err.status, error_code: err.errorCode, msg: err.message, ...err.extra },
    err.status,
    err.headers,
  );
}

export async function readJson(req: Request): Promise<Record<string, unknown>> {
  const text = await req.text();
  if (!text) return {};
  try {
    const v: unknown = JSON.parse(text);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // fall through to the error below
  }
  throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
}

export const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : undefined;
export const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
