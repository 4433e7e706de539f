import { describe, expect, it } from 'vitest';
import { placeKey, readAlertRule } from '../../../../core/alerts/alertRule.ts';
import { topicOf, MAX_TTL_SECONDS } from '../../../../core/alerts/alertPush.ts';
import { decideAlert } from '../../../../core/alerts/alertEngine.ts';
import { EMPTY_RULE_STATE } from '../../../../core/alerts/ruleState.ts';
import type { SkyNow } from '../../../../core/alerts/skyNow.ts';

describe('alert rules', () => {
  it('keeps a place only to 0.1°, the position the backend may hold', () => {
    const r = readAlertRule({
      id: 'a',
      place: { name: ' Tromsø ', lat: 69.6543, lon: 18.9561 },
      alert: 'visible',
    });
    expect(r).toMatchObject({
      ok: true,
      rule: { place: { name: 'Tromsø', lat: 69.7, lon: 19 }, kpThreshold: 5, allClear: false },
    });
    expect(placeKey({ lat: -0.04, lon: -3.19 })).toBe('0.0_-3.2');
  });

  it('refuses a bad place, kind, threshold or time zone with the reason', () => {
    expect(readAlertRule({ id: 'a', alert: 'visible' })).toEqual({
      ok: false,
      error: 'a "visible" alert needs a place',
    });
    expect(
      readAlertRule({ id: 'a', alert: 'visible', place: { name: 'X', lat: 91, lon: 0 } }),
    ).toEqual({
      ok: false,
      error: 'place needs a latitude within ±90° and a longitude within ±180°',
    });
    expect(readAlertRule({ id: 'a', alert: 'storm' })).toEqual({
      ok: false,
      error: 'alert must be "visible" or "kp"',
    });
    expect(readAlertRule({ id: 'a', alert: 'kp', kpThreshold: 12 })).toEqual({
      ok: false,
      error: 'kpThreshold must be a number from 0 to 9',
    });
    expect(
      readAlertRule({
        id: 'a',
        alert: 'kp',
        quietHours: { from: '23:00', to: '06:00', timeZone: 'Mars/Olympus' },
      }),
    ).toEqual({
      ok: false,
      error: 'quietHours.timeZone must be an IANA time zone such as Europe/Oslo',
    });
    expect(
      readAlertRule({
        id: 'a',
        alert: 'kp',
        quietHours: { from: '25:00', to: '06:00', timeZone: 'UTC' },
      }),
    ).toMatchObject({ ok: false });
  });
});

describe('how an alert travels', () => {
  const now = Date.parse('2026-12-08T20:00:00Z');
  const rule = readAlertRule({
    id: 'a',
    place: { name: 'Tromsø', lat: 69.65, lon: 18.96 },
    alert: 'visible',
    allClear: true,
  });
  if (!rule.ok) throw new Error(rule.error);
  const sky = (goUntil: number): SkyNow => ({
    level: 'GO',
    why: 'GO',
    look: 'N',
    cloudPercent: 10,
    ages: { ovationMs: 4 * 60_000, cloudsMs: 35 * 60_000 },
    goUntil,
  });
  const push = (goUntil: number) =>
    decideAlert({ rule: rule.rule, now, state: EMPTY_RULE_STATE, sky: sky(goUntil), recent: [] })
      .push!;

  it('keeps a visible alert at the push service only as long as it stays true, at most an hour, and marks it urgent', () => {
    expect(push(now + 20 * 60_000)).toMatchObject({ ttlSeconds: 1200, urgency: 'high' });
    expect(push(now + 5 * 3_600_000).ttlSeconds).toBe(MAX_TTL_SECONDS);
    expect(MAX_TTL_SECONDS).toBe(3600);
  });

  it("gives each event's pushes one Topic of at most 32 URL-safe base64 characters (RFC 8030)", () => {
    const p = push(now + 3_600_000);
    expect(p.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(p.topic).toBe(topicOf('a:69.7_19.0:2026-12-08:visible'));
    expect(p.topic).not.toBe(topicOf('a:69.7_19.0:2026-12-09:visible'));
  });

  it('tags the notification with the event id and offers "Open map" and "Mute tonight"', () => {
    expect(push(now + 3_600_000)).toMatchObject({
      tag: 'a:69.7_19.0:2026-12-08:visible:go',
      event: 'a:69.7_19.0:2026-12-08:visible:go',
      actions: [
        { action: 'open-map', title: 'Open map' },
        { action: 'mute-tonight', title: 'Mute tonight' },
      ],
      rule: '69.7_19.0:visible',
      muteUntil: Date.parse('2026-12-09T10:44:00Z'),
      body: 'Aurora likely visible now — look low to the N · cloud 10 % · aurora map 4 min ago, clouds 35 min ago',
    });
  });
});
