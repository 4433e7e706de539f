import { describe, expect, it } from 'vitest';
import { AVATAR_HOSTS, contentSecurityPolicy } from '../../../server/csp.ts';

const directive = (csp: string, name: string) =>
  csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

describe('Content-Security-Policy for social avatars', () => {
  it('lets the social providers’ avatar hosts serve images, and nothing more', () => {
    const csp = contentSecurityPolicy([]);
    expect(directive(csp, 'img-src')).toContain('https://*.googleusercontent.com');
    expect(directive(csp, 'img-src')).toContain('https://avatars.githubusercontent.com');
    for (const host of AVATAR_HOSTS) {
      expect(directive(csp, 'connect-src')).not.toContain(host);
      expect(directive(csp, 'script-src')).not.toContain(host);
    }
  });

  it('adds a configured host (CSP_HOSTS) for a provider that serves pictures elsewhere', () => {
    expect(
      directive(contentSecurityPolicy(['https://pictures.example.invalid']), 'img-src'),
    ).toContain('https://pictures.example.invalid');
  });
});
