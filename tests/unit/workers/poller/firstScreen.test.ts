import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../../../core/model.ts';
import {
  DEFER_IDLE_MS,
  earliestPollAt,
  FIRST_SCREEN,
  firstScreenTried,
  isConstrained,
  isHeld,
  OTHER_SCREENS_AFTER_MS,
} from '../../../../workers/poller/firstScreen.ts';

const T = Date.UTC(2026, 10, 22, 5);

describe('what the map screen needs first', () => {
  it('is the oval, both Kp figures and hemispheric power, and none of the 7-day files', () => {
    expect(new Set(FIRST_SCREEN)).toEqual(
      new Set(['aurora-oval', 'kp-index', 'kp-1m', 'aurora-nowcast-hemi-power']),
    );
    expect(FIRST_SCREEN).not.toContain('solar-wind');
    expect(FIRST_SCREEN).not.toContain('magnetic-field');
    expect(FIRST_SCREEN).not.toContain('observed-solar-cycle');
  });

  it('polls a first-screen product at once, before the first screen is done', () => {
    for (const r of FIRST_SCREEN)
      expect(earliestPollAt(r, { firstScreenDoneAt: null, asked: false, connection: null })).toBe(
        0,
      );
  });

  it('keeps every other product waiting until the first screen is done', () => {
    const rest = RESOURCES.filter((r) => !FIRST_SCREEN.includes(r));
    expect(rest).toContain('solar-wind');
    for (const r of rest)
      expect(earliestPollAt(r, { firstScreenDoneAt: null, asked: false, connection: null })).toBe(
        null,
      );
  });

  it('polls the rest of the map’s summary (solar wind, Bz) a short idle delay after the first screen', () => {
    for (const r of ['solar-wind', 'magnetic-field'] as const)
      expect(earliestPollAt(r, { firstScreenDoneAt: T, asked: false, connection: null })).toBe(
        T + DEFER_IDLE_MS,
      );
  });

  it('keeps the products only other screens show out of the first seconds of a visit of the map', () => {
    const others = RESOURCES.filter(
      (r) => !FIRST_SCREEN.includes(r) && r !== 'solar-wind' && r !== 'magnetic-field',
    );
    expect(others).toEqual(
      expect.arrayContaining(['alerts', 'three-day-forecast', 'icao-advisories', 'sdo-images']),
    );
    expect(OTHER_SCREENS_AFTER_MS).toBeGreaterThanOrEqual(10 * DEFER_IDLE_MS);
    for (const r of others)
      expect(earliestPollAt(r, { firstScreenDoneAt: T, asked: false, connection: null })).toBe(
        T + OTHER_SCREENS_AFTER_MS,
      );
  });

  it('lets them follow after the idle pause when the visit began on another screen (/live-feeds lists every feed)', () => {
    for (const r of ['alerts', 'predicted-solar-cycle', 'icao-advisories'] as const)
      expect(
        earliestPollAt(r, {
          firstScreenDoneAt: T,
          asked: false,
          connection: null,
          otherScreensAfterMs: DEFER_IDLE_MS,
        }),
      ).toBe(T + DEFER_IDLE_MS);
  });

  it('lets a product a screen asked for go at once, deferred or held', () => {
    for (const connection of [null, { saveData: true }, { effectiveType: '2g' }])
      for (const r of ['solar-wind', 'sdo-images', 'observed-solar-cycle'] as const)
        expect(earliestPollAt(r, { firstScreenDoneAt: null, asked: true, connection })).toBe(0);
  });

  it('does not wait at all when the poller polls none of the first-screen products', () => {
    expect(firstScreenTried(['alerts', 'solar-wind'], () => false)).toBe(true);
    expect(
      earliestPollAt('alerts', {
        firstScreenDoneAt: Number.NEGATIVE_INFINITY,
        asked: false,
        connection: null,
      }),
    ).toBeLessThanOrEqual(0);
  });

  it('counts the first screen done once each of its products was tried, failed ones included', () => {
    const tried = new Set<string>(['aurora-oval', 'kp-index', 'kp-1m']);
    expect(firstScreenTried(RESOURCES, (r) => tried.has(r))).toBe(false);
    tried.add('aurora-nowcast-hemi-power');
    expect(firstScreenTried(RESOURCES, (r) => tried.has(r))).toBe(true);
    // Only the products this poller polls count.
    expect(firstScreenTried(['aurora-oval', 'alerts'], (r) => r === 'aurora-oval')).toBe(true);
  });
});

describe('what a constrained connection holds until asked', () => {
  it('calls Save-Data, slow-2g and 2g constrained, and 3g, 4g or an unknown connection not', () => {
    expect(isConstrained({ saveData: true, effectiveType: '4g' })).toBe(true);
    expect(isConstrained({ effectiveType: 'slow-2g' })).toBe(true);
    expect(isConstrained({ effectiveType: '2g' })).toBe(true);
    expect(isConstrained({ saveData: false, effectiveType: '3g' })).toBe(false);
    expect(isConstrained({ effectiveType: '4g' })).toBe(false);
    expect(isConstrained({})).toBe(false);
    expect(isConstrained(null)).toBe(false);
    expect(isConstrained(undefined)).toBe(false);
  });

  it('holds the SDO pictures and the solar-cycle files, and never what the map screen shows', () => {
    const held = RESOURCES.filter((r) => isHeld(r, { saveData: true }));
    expect(new Set(held)).toEqual(
      new Set(['sdo-images', 'observed-solar-cycle', 'predicted-solar-cycle']),
    );
    for (const r of [...FIRST_SCREEN, 'solar-wind', 'magnetic-field'] as const)
      expect(isHeld(r, { effectiveType: '2g' })).toBe(false);
  });

  it('holds nothing on a good connection', () => {
    expect(RESOURCES.filter((r) => isHeld(r, { effectiveType: '4g' }))).toEqual([]);
    expect(RESOURCES.filter((r) => isHeld(r, null))).toEqual([]);
  });

  it('keeps a held product out even after the first screen is done, until a screen asks', () => {
    const connection = { saveData: true };
    expect(
      earliestPollAt('sdo-images', { firstScreenDoneAt: T, asked: false, connection }),
    ).toBeNull();
    expect(earliestPollAt('sdo-images', { firstScreenDoneAt: T, asked: true, connection })).toBe(0);
    // A product not held on this connection is only deferred.
    expect(earliestPollAt('alerts', { firstScreenDoneAt: T, asked: false, connection })).toBe(
      T + OTHER_SCREENS_AFTER_MS,
    );
  });
});
