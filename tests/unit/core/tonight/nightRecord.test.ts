import { describe, expect, it } from 'vitest';
import { computeVerdict } from '../../../../core/tonight/verdict.ts';
import {
  keepNight,
  nightRecordOf,
  ovationLevel,
  scoreNight,
  type NightRecord,
} from '../../../../core/tonight/nightRecord.ts';
import { seenAtPlace } from '../../../../core/tonight/seenAtPlace.ts';
import { GRID_CELLS, gridIndex } from '../../../../core/grid/grid.ts';
import { HOUR, TROMSO, kpForecast, cloudsFromFixture } from '../../../support/tonightPlaces.ts';

const at = (iso: string) => Date.parse(iso);
const MIN = 60_000;

function tromsoNight(now = at('2027-01-15T15:00:00Z')) {
  const verdict = computeVerdict({
    place: TROMSO,
    now,
    kpForecast: kpForecast(5, now, 16, now - 2 * HOUR),
    clouds: cloudsFromFixture('complete-tromso.json', now - 40 * MIN),
  });
  return {
    verdict,
    record: nightRecordOf(verdict, 'Best tonight: …', { id: 'cabin', name: 'Cabin' }, now),
  };
}

/** A frame with `percent` in the place's own cell, forecast for `forecastTime`. */
function frame(forecastTime: number, percent: number) {
  const values = new Uint8Array(GRID_CELLS);
  values[gridIndex(TROMSO.lat, TROMSO.lon)] = percent;
  return { observationTime: forecastTime - 40 * MIN, forecastTime, values };
}

describe('tonight’s kept verdict', () => {
  it('keeps the night under its evening’s date, with the GO hours it named', () => {
    const { verdict, record } = tromsoNight();
    expect(record).toMatchObject({
      id: 'cabin@2027-01-15',
      place_id: 'cabin',
      night: '2027-01-15',
      level: 'GO',
      window_from: verdict.best!.from,
      window_to: verdict.best!.to,
      outcome: null,
      scored_at: null,
    });
  });

  it('keeps a shared position at a tenth of a degree, never the exact spot', () => {
    const now = at('2027-01-15T15:00:00Z');
    const verdict = computeVerdict({ place: { lat: 69.6496, lon: 18.9553 }, now });
    const r = nightRecordOf(verdict, 'x', { id: null, name: 'Your location' }, now);
    expect(r.place_id).toBe('here:69.6,19.0');
    expect([r.lat, r.lon]).toEqual([69.6, 19]);
  });

  it('replaces the kept verdict while its hours have not begun, and never after', () => {
    const { record } = tromsoNight();
    const later: NightRecord = {
      ...record,
      level: 'MAYBE',
      judged_at: record.window_from! - MIN,
    };
    expect(keepNight(null, record)).toBe(record);
    expect(
      keepNight(record, { ...record, line: 'aged a minute', judged_at: record.judged_at + MIN }),
    ).toBeNull();
    expect(keepNight(record, later)).toBe(later);
    expect(keepNight(record, { ...later, judged_at: record.window_from! + MIN })).toBeNull();
  });

  it('is scored once its hours are over, by the strongest aurora OVATION forecast at the place then', () => {
    const { record } = tromsoNight();
    const from = record.window_from!;
    const to = record.window_to!;
    const frames = [
      frame(from - HOUR, 90),
      frame(from + HOUR, 12),
      frame(from + 2 * HOUR, 25),
      frame(to + HOUR, 80),
    ];
    const seen = seenAtPlace(record, frames);
    expect(scoreNight(record, seen, to - MIN)).toBeNull();
    expect(scoreNight(record, seen, to + MIN)).toEqual({
      outcome: 'GO',
      seen_overhead: 25,
      seen_visible: 25,
      frames: 2,
      scored_at: to + MIN,
    });
    expect(scoreNight(record, [], to + MIN)).toMatchObject({ outcome: 'no-data', frames: 0 });
    expect(scoreNight({ ...record, scored_at: to }, seen, to + MIN)).toBeNull();
  });

  it('judges OVATION with the verdict’s own thresholds', () => {
    expect(ovationLevel(20, 20)).toBe('GO');
    expect(ovationLevel(0, 30)).toBe('GO');
    expect(ovationLevel(5, 10)).toBe('MAYBE');
    expect(ovationLevel(5, 9)).toBe('NO');
  });
});
