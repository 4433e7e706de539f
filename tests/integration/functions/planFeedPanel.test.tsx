/**
 * The plan panel's "Subscribe in your calendar" against the real stack (PostgreSQL 15, PostgREST,
 * the local Auth, the plan-feed function): a signed-in user's click makes the link, each place's
 * webcal:// URL answers a calendar, and "Reset link" retires the old URLs. The stack runs in
 * Node's own realm (vitest's jsdom environment breaks its file URLs), so the document is a jsdom
 * window made here once the stack is up, and the component is loaded after it.
 */
import { JSDOM } from 'jsdom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarLinkDeps } from '../../../src/features/plan/calendarLink.ts';
import type * as TestingLibrary from '@testing-library/react';
import type CalendarLinkPanel from '../../../src/features/plan/CalendarLink.tsx';
import { STRONG_PASSWORD, uniqueEmail } from '../../support/clients.ts';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';

let stack: TestStack;
let user: { id: string; accessToken: string };
const PLACES = [
  { id: crypto.randomUUID(), name: 'Telegrafbukta' },
  { id: crypto.randomUUID(), name: 'Prestvannet' },
];

let rtl: typeof TestingLibrary;
let CalendarLink: typeof CalendarLinkPanel;
let localStorage: Storage;
let navigator: Navigator;

/** A browser document for React and Testing Library, its globals on Node's global object. */
function installDocument() {
  const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://localhost/' });
  const g = globalThis as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(dom.window))
    if (!(key in g)) g[key] = (dom.window as unknown as Record<string, unknown>)[key];
  g.window = dom.window;
  g.document = dom.window.document;
  Object.defineProperty(g, 'navigator', { configurable: true, value: dom.window.navigator });
  g.IS_REACT_ACT_ENVIRONMENT = true;
  localStorage = dom.window.localStorage;
  navigator = dom.window.navigator;
}

beforeAll(async () => {
  stack = await startTestStack();
  installDocument();
  rtl = await import('@testing-library/react');
  CalendarLink = (await import('../../../src/features/plan/CalendarLink.tsx')).default;
  const res = await fetch(`${stack.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: uniqueEmail('panel'), password: STRONG_PASSWORD }),
  });
  const session = (await res.json()) as { access_token: string; user: { id: string } };
  user = { id: session.user.id, accessToken: session.access_token };
  for (const p of PLACES) {
    const saved = await fetch(`${stack.url}/rest/v1/places`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${user.accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ ...p, lat: 69.65, lon: 18.96, kind: 'picked' }),
    });
    expect(saved.status).toBe(201);
  }
});
afterAll(async () => {
  await stack?.stop();
});
afterEach(() => {
  rtl.cleanup();
  localStorage.clear();
});

/** The page's calls as the signed-in user, as backendFetch sends them. */
function deps(): CalendarLinkDeps {
  return {
    fetch: (url, init = {}) =>
      fetch(url, {
        ...init,
        headers: { apikey: stack.anonKey, authorization: `Bearer ${user.accessToken}` },
      }),
    functionsBase: `${stack.url}/functions/v1`,
    storage: localStorage,
  };
}

/** How long to wait for the server's answer to show (a busy machine's function calls). */
const SLOW = { timeout: 20_000 };

/** What a calendar app does with a webcal:// URL: asks it over HTTP. */
const poll = (webcal: string) => fetch(webcal.replace(/^webcal:/, 'http:'));

describe('Subscribe in your calendar', () => {
  it('gives each saved place a webcal:// link a calendar app can follow, copied with one click, and Reset link retires the old links', async () => {
    const { cleanup, fireEvent, render, screen } = rtl;
    const linkDeps = deps();
    render(<CalendarLink places={PLACES} userId={user.id} deps={linkDeps} />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Subscribe in your calendar' }, SLOW),
    );
    const input = (await screen.findByRole(
      'textbox',
      { name: 'Calendar link for Telegrafbukta' },
      SLOW,
    )) as HTMLInputElement;
    const url = input.value;
    expect(
      url.startsWith(`${stack.url.replace(/^http:/, 'webcal:')}/functions/v1/plan-feed/`),
    ).toBe(true);
    expect(url).toMatch(/\/plan-feed\/[\w-]{43}\.ics\?place=/);
    const feed = await poll(url);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('LOCATION:Telegrafbukta\r\n');
    const second = (
      screen.getByRole('textbox', { name: 'Calendar link for Prestvannet' }) as HTMLInputElement
    ).value;
    expect(await (await poll(second)).text()).toContain('LOCATION:Prestvannet\r\n');

    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    fireEvent.click(
      screen.getByRole('button', { name: 'Copy the calendar link for Telegrafbukta' }),
    );
    expect(await screen.findByText('Copied.', {}, SLOW)).toBeTruthy();
    expect(copied).toEqual([url]);

    fireEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    await screen.findByDisplayValue(
      (value) =>
        value.startsWith('webcal:') && value !== url && value.includes('place=' + PLACES[0]!.id),
      {},
      SLOW,
    );
    expect((await poll(url)).status).toBe(404);
    const fresh = (
      screen.getByRole('textbox', { name: 'Calendar link for Telegrafbukta' }) as HTMLInputElement
    ).value;
    expect((await poll(fresh)).status).toBe(200);

    // Shown again on this device after a reload; another device (nothing kept) can only reset it.
    cleanup();
    render(<CalendarLink places={PLACES} userId={user.id} deps={linkDeps} />);
    expect(
      (
        (await screen.findByRole(
          'textbox',
          { name: 'Calendar link for Telegrafbukta' },
          SLOW,
        )) as HTMLInputElement
      ).value,
    ).toBe(fresh);
    cleanup();
    render(<CalendarLink places={PLACES} userId={user.id} deps={{ ...linkDeps, storage: null }} />);
    expect(
      await screen.findByText(/You made a calendar link on another device/, {}, SLOW),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Reset link' })).toBeTruthy();
  });
});
