import { describe, expect, it } from 'vitest';
import { normalise } from '../../../../core/normalise/index.ts';
import {
  forecastHistoryId,
  forecastIssueOf,
  mergeIssues,
  type ForecastIssue,
} from '../../../../core/verification/forecastIssues.ts';
import { constructed } from '../../../support/constructedSwpc.ts';

const fixture = constructed;

function record(resource: 'three-day-forecast' | 'kp-forecast', file: string, now: string) {
  const r = normalise(resource, fixture(file), { now: Date.parse(now) });
  if (!r.ok) throw new Error(r.error);
  return r.products[0]!;
}

describe('forecast issues kept for scoring', () => {
  it('keeps the 3-day forecast’s periods that start after it was issued', () => {
    const issue = forecastIssueOf(
      record('three-day-forecast', '3-day-forecast.txt', '2025-01-01T00:00:00Z'),
    );
    expect(issue!.source).toBe('three-day-forecast');
    expect(new Date(issue!.issued).toISOString()).toBe('2024-12-31T12:30:00.000Z');
    // Issued 12:30 UT on 31 Dec: 15, 18, 21 UT of that day, then the 16 periods of 1–2 Jan.
    expect(issue!.t).toHaveLength(19);
    expect(new Date(issue!.t[0]!).toISOString()).toBe('2024-12-31T15:00:00.000Z');
    expect(issue!.kp.slice(0, 4)).toEqual([6.67, 5.67, 5, 5]);
  });

  it('keeps only the predicted rows of the Kp forecast file', () => {
    const issue = forecastIssueOf(
      record('kp-forecast', 'noaa-planetary-k-index-forecast.json', '2026-02-09T18:00:00Z'),
    );
    expect(issue!.source).toBe('kp-forecast');
    expect(issue!.t).toHaveLength(17);
    expect(issue!.t.every((t) => t > issue!.issued)).toBe(true);
  });

  it('files an issue under its UTC day and keeps one copy per source and issue time', () => {
    const a: ForecastIssue = {
      source: 'kp-forecast',
      issued: Date.parse('2026-11-20T21:00:00Z'),
      t: [1],
      kp: [2],
    };
    const b: ForecastIssue = {
      ...a,
      source: 'three-day-forecast',
      issued: Date.parse('2026-11-20T12:30:00Z'),
    };
    expect(forecastHistoryId(a.issued)).toBe('forecast-history/2026-11-20');
    const merged = mergeIssues([a], [b, a]);
    expect(merged).toEqual([b, a]);
    expect(mergeIssues(merged!, [a, b])).toBeNull();
    expect(mergeIssues(merged!, [{ ...a, kp: [3] }])).toEqual([b, { ...a, kp: [3] }]);
  });
});
