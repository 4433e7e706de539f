import { describe, expect, it } from 'vitest';
import { parsePushPayload } from '../../../src/sw/pushPayload.ts';
import { isAppNavigation } from '../../../src/sw/navigationRules.ts';

describe('reading a push payload', () => {
  it('turns a Kp alert into the alert notification', () => {
    const n = parsePushPayload(JSON.stringify({ type: 'kp-alert', kp: 6.33, threshold: 5 }));
    expect(n.title).toBe('Aurora alert: Kp 6.33');
    expect(n.body).toContain('your threshold is 5');
    expect(n).toMatchObject({ tag: 'kp-alert', kp: 6.33, url: '/' });
  });

  it('shows a titled message as sent', () => {
    expect(
      parsePushPayload(JSON.stringify({ title: 'Hi', body: 'There', url: '/forecast' })),
    ).toMatchObject({
      title: 'Hi',
      body: 'There',
      url: '/forecast',
      kp: null,
    });
  });

  it('still shows something for empty, plain-text or odd payloads', () => {
    expect(parsePushPayload(null).title).toBe('Aurora');
    expect(parsePushPayload('Storm coming').body).toBe('Storm coming');
    expect(parsePushPayload('42').body).toBe('42');
  });

  it('never lets a payload open another site', () => {
    expect(parsePushPayload(JSON.stringify({ title: 'x', url: 'https://evil.example/' })).url).toBe(
      '/',
    );
    expect(parsePushPayload(JSON.stringify({ title: 'x', url: '//evil.example/' })).url).toBe('/');
  });
});

describe('which navigations get the app shell', () => {
  it('serves every app route, including the auth callback', () => {
    for (const p of [
      '/',
      '/forecast',
      '/news-guides/some-article',
      '/auth/callback',
      '/auth/facebook/callback',
      '/debug/api',
    ]) {
      expect(isAppNavigation(p)).toBe(true);
    }
  });

  it('leaves backend paths and files to the network', () => {
    for (const p of [
      '/rest/v1/profiles',
      '/auth/v1/token',
      '/functions/v1/ping',
      '/realtime/v1/websocket',
      '/sw.js',
      '/manifest.webmanifest',
    ]) {
      expect(isAppNavigation(p)).toBe(false);
    }
  });
});
