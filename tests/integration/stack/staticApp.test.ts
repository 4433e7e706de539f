import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../support/startTestStack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ distDir: join(import.meta.dirname, 'fixtures/app-build') });
});
afterAll(async () => {
  await stack?.stop();
});

describe('the built app behind the gateway', () => {
  it('answers deep links with the app shell, under a Content-Security-Policy of our own origin and the hosts we use', async () => {
    const r = await fetch(`${stack.url}/forecast/some/deep/link`);
    expect(r.status).toBe(200);
    expect(await r.text()).toContain('fixture app');
    expect(r.headers.get('cache-control')).toBe('no-cache');
    const csp = r.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/connect-src 'self' https:\/\/services\.swpc\.noaa\.gov/);
    expect(csp).not.toContain("'unsafe-eval'");
  });

  it('serves hashed assets as immutable and a missing one as 404, never as the shell', async () => {
    const js = await fetch(`${stack.url}/assets/app-abc123.js`);
    expect(js.headers.get('content-type')).toContain('text/javascript');
    expect(js.headers.get('cache-control')).toContain('immutable');
    const missing = await fetch(`${stack.url}/assets/app-old999.js`);
    expect(missing.status).toBe(404);
  });

  it('does not serve files outside the build directory', async () => {
    const r = await fetch(`${stack.url}/..%2F..%2Fpackage.json`);
    expect(await r.text()).toContain('fixture app');
  });
});
