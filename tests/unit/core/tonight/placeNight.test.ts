import { describe, expect, it } from 'vitest';
import {
  nightUnderWay,
  ovationCanReach,
  placeNightFingerprint,
  placeNightRecord,
} from '../../../../core/tonight/placeNight.ts';
import type { NightRecord } from '../../../../core/tonight/nightRecord.ts';
import type { GridSnapshot } from '../../../../core/model.ts';
import { GRID_CELLS } from '../../../../core/grid/grid.ts';
import { EDINBURGH, HOUR } from '../../../support/tonightPlaces.ts';

const NOW = Date.parse('2027-01-15T12:00:00Z');
const MIN = 60_000;
const PLACE = { id: 'p-edinburgh', name: 'Edinburgh', ...EDINBURGH };

function frame(observationTime: number): GridSnapshot {
  return {
    observationTime,
    forecastTime: observationTime + 35 * MIN,
    width: 360,
    height: 181,
    values: new Uint8Array(GRID_CELLS),
  };
}

const none = { ovation: null, kpForecast: null, weather: null };

describe('tonight’s verdict at a saved place the person is not looking at', () => {
  it('is worked out with clouds unknown when no forecast is stored for its cell, and says so in UTC', () => {
    const start = Math.floor(NOW / (3 * HOUR)) * 3 * HOUR;
    const { record, firstSlot } = placeNightRecord(
      PLACE,
      {
        ...none,
        kpForecast: {
          id: 'kp-forecast',
          kind: 'kp-forecast',
          issued: NOW - HOUR,
          data: {
            rows: Array.from({ length: 16 }, (_, i) => ({ t: start + i * 3 * HOUR, kp: 6 })),
          },
          raw: null,
        },
      },
      NOW,
    );
    expect(record.id).toBe('p-edinburgh@2027-01-15');
    expect(record.level).toBe('MAYBE');
    expect(record.line).toMatch(/^Maybe tonight: \d\d:\d\d–\d\d:\d\d UTC — .*\(no clouds\)$/);
    // Edinburgh at noon in January: the first half hour judged is at dusk, hours away.
    expect(firstSlot).toBeGreaterThan(NOW + 3 * HOUR);
  });

  it('changes its fingerprint with an input’s time or the half hour, not with the minute', () => {
    const a = placeNightFingerprint(PLACE, none, NOW);
    expect(placeNightFingerprint(PLACE, none, NOW + 20 * MIN)).toBe(a);
    expect(placeNightFingerprint(PLACE, none, NOW + 30 * MIN)).not.toBe(a);
    expect(placeNightFingerprint(PLACE, { ...none, ovation: frame(NOW) }, NOW)).not.toBe(a);
    expect(placeNightFingerprint({ ...PLACE, name: 'Leith' }, none, NOW)).not.toBe(a);
  });

  it('lets an OVATION frame count only for a night whose first half hour it reaches', () => {
    const f = frame(NOW); // forecast 12:35, speaks for slots starting before 13:05
    expect(ovationCanReach(NOW + 60 * MIN, f, NOW)).toBe(true);
    expect(ovationCanReach(NOW + 65 * MIN, f, NOW)).toBe(false);
    expect(ovationCanReach(null, f, NOW)).toBe(true);
    const older = placeNightFingerprint(PLACE, { ...none, ovation: frame(NOW) }, NOW, false);
    const newer = placeNightFingerprint(
      PLACE,
      { ...none, ovation: frame(NOW + 5 * MIN) },
      NOW,
      false,
    );
    expect(newer).toBe(older);
  });

  it('holds a night under way from the start of its hours to their end', () => {
    const kept = { window_from: NOW, window_to: NOW + 4 * HOUR } as NightRecord;
    expect(nightUnderWay(kept, NOW - MIN)).toBe(false);
    expect(nightUnderWay(kept, NOW)).toBe(true);
    expect(nightUnderWay(kept, NOW + 4 * HOUR)).toBe(false);
    expect(nightUnderWay({ ...kept, window_from: null, window_to: null }, NOW)).toBe(false);
    expect(nightUnderWay(null, NOW)).toBe(false);
  });
});
