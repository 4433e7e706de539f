import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Satisfies the password rule (core/password/passwordRule.ts) and is no known leak. */
export const E2E_PASSWORD = 'Borealis-Kp7-Night';

/**
 * Tests read the profile between long waits: a kept-alive connection the gateway has closed
 * meanwhile (Node's 5 s idle timeout) would fail the read with "socket hang up".
 */
export const FRESH_CONNECTION = { connection: 'close' };

/** An address no other test (or earlier run against the same stack) has used. */
export function uniqueEmail(what: string): string {
  return `e2e.${what}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Signs up or in through the page's own form, and waits until the form has let go. */
export async function authenticate(
  page: Page,
  email: string,
  mode: 'signup' | 'login',
): Promise<void> {
  await page.goto(mode === 'signup' ? '/signup' : '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page
    .locator('form.auth-form')
    .getByRole('button', { name: mode === 'signup' ? 'Sign Up' : 'Sign In', exact: true })
    .click();
  await expect(page).not.toHaveURL(/\/(signup|login)$/, { timeout: 15_000 });
}

export interface StoredAuth {
  userId: string;
  accessToken: string;
  anonKey: string;
}

/** The session the page keeps, and the stack's anon key, for reading the user's rows. */
export async function storedAuth(
  page: Page,
  request: APIRequestContext,
  baseURL: string,
): Promise<StoredAuth> {
  const { anon_key: anonKey } = (await (
    await request.get(`${baseURL}/auth/v1/settings`, { headers: FRESH_CONNECTION })
  ).json()) as { anon_key: string };
  const session = await page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('aurora-auth') ?? 'null') as {
        access_token: string;
        user: { id: string };
      },
  );
  return { userId: session.user.id, accessToken: session.access_token, anonKey };
}

/** The user's profile row (the columns in `select`) as PostgREST serves it to them, RLS applied. */
export async function profileRow(
  request: APIRequestContext,
  baseURL: string,
  auth: StoredAuth,
  select: string,
): Promise<Record<string, unknown> | null> {
  const res = await request.get(
    `${baseURL}/rest/v1/profiles?id=eq.${auth.userId}&select=${select}`,
    {
      headers: {
        ...FRESH_CONNECTION,
        apikey: auth.anonKey,
        Authorization: `Bearer ${auth.accessToken}`,
      },
    },
  );
  expect(res.ok()).toBe(true);
  return ((await res.json()) as Record<string, unknown>[])[0] ?? null;
}
