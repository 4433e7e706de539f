import { describe, expect, it } from 'vitest';
import {
  FORECAST_REACH_MS,
  forecastHoursAhead,
  shownAt,
} from '../../../../src/features/map/timeline.ts';

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);
/** 50 hourly cloud-forecast hours from 15:00 UTC. */
const cloudHours = Array.from({ length: 50 }, (_, i) => at('2026-11-25T15:00:00Z') + i * HOUR);
/** Three stored frames, the newest forecast for 16:25. */
const frames = [
  { forecastTime: at('2026-11-25T15:55:00Z') },
  { forecastTime: at('2026-11-25T16:10:00Z') },
  { forecastTime: at('2026-11-25T16:25:00Z') },
];

describe('the slider’s timeline past now', () => {
  it('offers the stored forecast hours after the current hour, up to 48 hours ahead: tomorrow evening and the night after', () => {
    const now = at('2026-11-25T16:20:00Z');
    const ahead = forecastHoursAhead(cloudHours, now);
    expect(ahead).toHaveLength(48);
    expect(ahead[0]).toBe(at('2026-11-25T17:00:00Z'));
    // +36 h: tomorrow evening, wherever the viewer is.
    expect(ahead[35]).toBe(at('2026-11-27T04:00:00Z'));
    expect(FORECAST_REACH_MS).toBeGreaterThanOrEqual(36 * HOUR);
    expect(ahead.at(-1)! - Math.round(now / HOUR) * HOUR).toBe(FORECAST_REACH_MS);
  });

  it('skips the hour the newest frame already shows when now is past the half hour', () => {
    // 16:40 rounds to 17:00, the hour drawn on the newest frame: the first hour ahead is 18:00.
    expect(forecastHoursAhead(cloudHours, at('2026-11-25T16:40:00Z'))[0]).toBe(
      at('2026-11-25T18:00:00Z'),
    );
  });

  it('runs only as far as the stored forecast reaches, and offers nothing without one', () => {
    const now = at('2026-11-26T12:00:00Z'); // the forecast ends at 14:00 on the 27th
    expect(forecastHoursAhead(cloudHours.slice(0, 24), now)).toEqual([
      at('2026-11-26T13:00:00Z'),
      at('2026-11-26T14:00:00Z'),
    ]);
    expect(forecastHoursAhead(null, now)).toEqual([]);
    // A forecast that lies wholly in the past (fetched days ago) offers no hours ahead.
    expect(forecastHoursAhead(cloudHours, at('2026-12-01T00:00:00Z'))).toEqual([]);
  });

  it('shows the stored frame and its clouds at a frame position, and now’s clouds on the newest', () => {
    const now = at('2026-11-25T16:20:00Z');
    const ahead = forecastHoursAhead(cloudHours, now);
    expect(shownAt(0, frames, ahead, now)).toEqual({
      frameIndex: 0,
      ovalDrawn: true,
      cloudAt: at('2026-11-25T15:55:00Z'),
      forecastHour: null,
      hoursAhead: null,
    });
    expect(shownAt(2, frames, ahead, now)).toEqual({
      frameIndex: 2,
      ovalDrawn: true,
      cloudAt: now,
      forecastHour: null,
      hoursAhead: null,
    });
  });

  it('draws no oval on a forecast hour OVATION’s newest forecast does not reach, never an invented one', () => {
    const now = at('2026-11-25T16:20:00Z');
    const ahead = forecastHoursAhead(cloudHours, now);
    // The newest frame is forecast for 16:25, nearest to 16:00 (now): 17:00 is not its hour.
    expect(shownAt(3, frames, ahead, now)).toEqual({
      frameIndex: 2,
      ovalDrawn: false,
      cloudAt: at('2026-11-25T17:00:00Z'),
      forecastHour: at('2026-11-25T17:00:00Z'),
      hoursAhead: 1,
    });
    expect(shownAt(14, frames, ahead, now)).toMatchObject({
      frameIndex: 2,
      ovalDrawn: false,
      forecastHour: at('2026-11-26T04:00:00Z'),
      hoursAhead: 12,
    });
    // Past the end (the forecast shrank while the slider stood there): back to now.
    expect(shownAt(60, frames, ahead, now)).toMatchObject({
      frameIndex: 2,
      ovalDrawn: true,
      forecastHour: null,
    });
    // A frame days old reaches no hour ahead of now.
    const old = [{ forecastTime: at('2026-02-09T21:30:00Z') }];
    for (let i = 1; i <= ahead.length; i++)
      expect(shownAt(i, old, ahead, now)).toMatchObject({ ovalDrawn: false });
  });

  it('draws the newest oval on the one forecast hour its forecast time falls nearest', () => {
    const now = at('2026-11-25T16:10:00Z');
    const ahead = forecastHoursAhead(cloudHours, now);
    // Forecast for 16:45: the hour nearest it is 17:00, the first hour ahead, and no other.
    const live = [...frames.slice(0, 2), { forecastTime: at('2026-11-25T16:45:00Z') }];
    expect(shownAt(3, live, ahead, now)).toMatchObject({
      frameIndex: 2,
      ovalDrawn: true,
      forecastHour: at('2026-11-25T17:00:00Z'),
    });
    expect(shownAt(4, live, ahead, now)).toMatchObject({
      ovalDrawn: false,
      forecastHour: at('2026-11-25T18:00:00Z'),
    });
  });
});
