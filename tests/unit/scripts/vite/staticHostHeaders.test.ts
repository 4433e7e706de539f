import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../../server/csp.ts';
import {
  headersFile,
  redirectsFile,
  staticHostCspHosts,
} from '../../../../scripts/vite/staticHostHeaders.ts';

/** `_headers` as Netlify and Cloudflare Pages read it: a path line, then indented `Name: value` lines. */
function parseHeaders(text: string): Map<string, Record<string, string>> {
  const rules = new Map<string, Record<string, string>>();
  let current: Record<string, string> | null = null;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      current = {};
      rules.set(line.trim(), current);
      continue;
    }
    const at = line.indexOf(':');
    current![line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return rules;
}

/** The rules a path gets: both hosts apply every rule whose pattern matches it. */
function headersFor(rules: Map<string, Record<string, string>>, path: string) {
  const matched: Record<string, string[]> = {};
  for (const [pattern, headers] of rules) {
    const re = new RegExp(`^${pattern.replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`);
    if (!re.test(path)) continue;
    for (const [k, v] of Object.entries(headers)) (matched[k] ??= []).push(v);
  }
  return matched;
}

describe('the static host’s _headers', () => {
  const hosts = staticHostCspHosts({
    VITE_SUPABASE_URL: 'https://abcd.supabase.co/',
    CSP_HOSTS: 'https://tiles.example.invalid, https://stats.example.invalid',
  });
  const rules = parseHeaders(headersFile(hosts));

  it('sends the gateway’s Content-Security-Policy, with the project’s origin and its realtime websocket', () => {
    expect(hosts).toEqual([
      'https://abcd.supabase.co',
      'wss://abcd.supabase.co',
      'https://tiles.example.invalid',
      'https://stats.example.invalid',
    ]);
    const csp = headersFor(rules, '/forecast')['Content-Security-Policy'];
    expect(csp).toEqual([contentSecurityPolicy(hosts)]);
    expect(csp![0]).toMatch(
      /connect-src 'self' [^;]*https:\/\/abcd\.supabase\.co wss:\/\/abcd\.supabase\.co/,
    );
    expect(headersFor(rules, '/')['X-Content-Type-Options']).toEqual(['nosniff']);
  });

  it('is the gateway’s own policy when the backend is the page’s origin', () => {
    const own = parseHeaders(headersFile(staticHostCspHosts({})));
    expect(headersFor(own, '/')['Content-Security-Policy']).toEqual([contentSecurityPolicy([])]);
  });

  it('caches hashed assets for a year and never the service worker, each path by one rule', () => {
    expect(headersFor(rules, '/assets/index-a1b2c3.js')['Cache-Control']).toEqual([
      'public, max-age=31536000, immutable',
    ]);
    expect(headersFor(rules, '/sw.js')['Cache-Control']).toEqual(['no-cache']);
    expect(headersFor(rules, '/manifest.webmanifest')['Cache-Control']).toEqual(['no-cache']);
    // Pages keep the host's default (revalidate): no rule of ours gives them a lifetime.
    expect(headersFor(rules, '/forecast')['Cache-Control']).toBeUndefined();
  });

  it('answers unknown paths with the router’s shell', () => {
    expect(redirectsFile('shell.html')).toBe('/*  /shell.html  200\n');
  });
});
