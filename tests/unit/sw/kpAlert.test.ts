import { describe, expect, it } from 'vitest';
import {
  IDLE_ALERT_STATE,
  MAX_READING_AGE_MS,
  MIN_RENOTIFY_MS,
  decideKpAlert,
  latestKp,
  parseUtcTime,
  recordPushedAlert,
} from '../../../src/sw/kpAlert.ts';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  normaliseNotificationSettings as normaliseSettings,
} from '../../../core/alerts/notificationSettings.ts';
import { constructed } from '../../support/constructedSwpc.ts';

const readJson = (name: string): unknown => JSON.parse(constructed(name));

const HOUR = 3600_000;
const on = { ...DEFAULT_NOTIFICATION_SETTINGS, enablePush: true };

describe('reading the latest Kp', () => {
  it('takes the last row of the real array-of-arrays Kp product, as UTC', () => {
    const body = readJson('noaa-planetary-k-index.json') as string[][];
    const last = body[body.length - 1]!;
    const reading = latestKp(body);
    expect(reading).not.toBeNull();
    expect(reading!.kp).toBe(Number(last[1]));
    expect(new Date(reading!.time).toISOString()).toBe(
      `${last[0]!.slice(0, 10)}T${last[0]!.slice(11, 19)}.000Z`,
    );
  });

  it('reads the array-of-objects shape SWPC has also served', () => {
    const reading = latestKp([
      { time_tag: '2026-08-27T00:00:00', Kp: 4.33 },
      { time_tag: '2026-08-27T03:00:00', Kp: 5.67 },
    ]);
    expect(reading).toEqual({ kp: 5.67, time: Date.UTC(2026, 7, 27, 3) });
  });

  it('reads the real 1-minute file through its kp_index field', () => {
    const body = readJson('planetary_k_index_1m.json') as { time_tag: string; kp_index: number }[];
    const reading = latestKp(body);
    expect(reading?.kp).toBe(body[body.length - 1]!.kp_index);
  });

  it('returns nothing for bodies that are not a Kp product', () => {
    expect(latestKp(null)).toBeNull();
    expect(latestKp({ error: 'upstream down' })).toBeNull();
    expect(latestKp([])).toBeNull();
    expect(
      latestKp([
        ['time_tag', 'speed'],
        ['2026-01-01 00:00:00.000', '400'],
      ]),
    ).toBeNull();
    expect(
      latestKp([
        ['time_tag', 'Kp'],
        ['not a date', '9'],
        ['2026-01-01 00:00:00.000', '12'],
      ]),
    ).toBeNull();
  });

  it('treats SWPC times without a zone as UTC, with a space or a T', () => {
    expect(parseUtcTime('2026-02-02 03:00:00.000')).toBe(Date.UTC(2026, 1, 2, 3));
    expect(parseUtcTime('2026-02-02 03:00:00')).toBe(Date.UTC(2026, 1, 2, 3));
    expect(parseUtcTime('2026-07-09T04:03:00')).toBe(Date.UTC(2026, 6, 9, 4, 3));
    expect(parseUtcTime('yesterday')).toBeNull();
  });
});

describe('deciding on a Kp alert', () => {
  const now = Date.UTC(2026, 4, 10, 22);

  it('alerts when Kp reaches the threshold and records when', () => {
    const d = decideKpAlert({ kp: 5, time: now - HOUR }, on, IDLE_ALERT_STATE, now);
    expect(d.notify).toBe(true);
    expect(d.settings.lastNotified).toBe(now);
    expect(d.state.active).toBe(true);
  });

  it('does not alert below the threshold or when alerts are off', () => {
    expect(decideKpAlert({ kp: 4.67, time: now }, on, IDLE_ALERT_STATE, now).notify).toBe(false);
    expect(
      decideKpAlert({ kp: 8, time: now }, DEFAULT_NOTIFICATION_SETTINGS, IDLE_ALERT_STATE, now)
        .reason,
    ).toBe('disabled');
  });

  it('alerts once per event, even when Kp wobbles around the threshold', () => {
    let settings = on;
    let state = IDLE_ALERT_STATE;
    let alerts = 0;
    const series = [4.33, 5, 5.67, 4.67, 5.33, 6, 5];
    series.forEach((kp, i) => {
      const t = now + i * 3 * HOUR;
      const d = decideKpAlert({ kp, time: t }, settings, state, t);
      if (d.notify) alerts += 1;
      settings = d.settings;
      state = d.state;
    });
    expect(alerts).toBe(1);
  });

  it('alerts again for a new event after Kp fell a whole Kp below the threshold', () => {
    let d = decideKpAlert({ kp: 6, time: now }, on, IDLE_ALERT_STATE, now);
    const later = now + 4 * HOUR;
    d = decideKpAlert({ kp: 4, time: later }, d.settings, d.state, later);
    expect(d.state.active).toBe(false);
    const next = later + 3 * HOUR;
    d = decideKpAlert({ kp: 5.33, time: next }, d.settings, d.state, next);
    expect(d.notify).toBe(true);
  });

  it('never alerts on a reading from a storm that is long over', () => {
    const d = decideKpAlert(
      { kp: 8, time: now - MAX_READING_AGE_MS - 1 },
      on,
      IDLE_ALERT_STATE,
      now,
    );
    expect(d).toMatchObject({ notify: false, reason: 'stale-reading' });
  });

  it('does not repeat an alert that a push already delivered for this storm', () => {
    const pushed = recordPushedAlert(on, IDLE_ALERT_STATE, 6, now);
    expect(
      decideKpAlert({ kp: 6.33, time: now + HOUR }, pushed.settings, pushed.state, now + HOUR)
        .notify,
    ).toBe(false);
    // Even if the event state was lost, the cool-down since lastNotified holds.
    const lost = decideKpAlert(
      { kp: 6.33, time: now + HOUR },
      pushed.settings,
      IDLE_ALERT_STATE,
      now + HOUR,
    );
    expect(lost).toMatchObject({ notify: false, reason: 'cooldown' });
    expect(now + MIN_RENOTIFY_MS).toBeGreaterThan(now + HOUR);
  });

  it('repairs stored settings that are missing or malformed', () => {
    expect(normaliseSettings(undefined)).toEqual({
      enablePush: false,
      kpThreshold: 5,
      lastNotified: null,
    });
    expect(normaliseSettings({ enablePush: 'yes', kpThreshold: 42, lastNotified: 'x' })).toEqual({
      enablePush: false,
      kpThreshold: 5,
      lastNotified: null,
    });
    expect(normaliseSettings({ enablePush: true, kpThreshold: 7, lastNotified: 5 })).toEqual({
      enablePush: true,
      kpThreshold: 7,
      lastNotified: 5,
    });
  });
});
