import { describe, expect, it } from 'vitest';
import * as verdictLine from '../../../../core/tonight/formatVerdictLine.ts';
import { formatVerdictLine } from '../../../../core/tonight/formatVerdictLine.ts';
import { computeVerdict } from '../../../../core/tonight/verdict.ts';
import { ageTextChangesAt, formatAge } from '../../../../core/time/formatAge.ts';
import { formatAge as screenDataAge } from '../../../../src/lib/format.ts';
import { loadOvationFixture } from '../../../support/ovationFixture.ts';
import { TROMSO } from '../../../support/tonightPlaces.ts';

const min = 60_000;
const hour = 60 * min;

describe('the age of data, one text for every reader', () => {
  it('is one function: the screens’ formatAge is the core’s, and tonight has no copy of its own', () => {
    expect(screenDataAge).toBe(formatAge);
    expect(Object.keys(verdictLine)).not.toContain('formatAge');
  });

  it('says "just now", whole minutes, hours and minutes up to two days, then days', () => {
    expect(formatAge(20_000)).toBe('just now');
    expect(formatAge(-2 * min)).toBe('just now');
    expect(formatAge(4 * min + 59_000)).toBe('4 min ago');
    expect(formatAge(90 * min)).toBe('1 h 30 min ago');
    expect(formatAge(2 * hour)).toBe('2 h ago');
    expect(formatAge(47 * hour + 59 * min)).toBe('47 h 59 min ago');
    expect(formatAge(5 * 24 * hour + 3 * hour)).toBe('5 days ago');
    expect(formatAge(Number.NaN)).toBe('unknown age');
  });

  it('reads the same in tonight’s verdict line as on every screen', () => {
    const now = Date.parse('2027-01-15T21:00:00Z');
    const ovationAge = 90 * min;
    const v = computeVerdict({
      place: TROMSO,
      now,
      ovation: {
        ...loadOvationFixture(),
        observationTime: now - ovationAge,
        forecastTime: now - ovationAge + 30 * min,
      },
      kpForecast: null,
      clouds: null,
    });
    expect(formatVerdictLine(v, { timeZone: 'Europe/Oslo' })).toContain(
      `aurora map ${screenDataAge(ovationAge)}`,
    );
    expect(formatVerdictLine(v, { timeZone: 'Europe/Oslo' })).toContain(
      'aurora map 1 h 30 min ago',
    );
  });
});

describe('when an age’s text next changes', () => {
  const dataTime = Date.UTC(2026, 10, 27, 1, 30, 0) + 7_250;
  const text = (t: number) => formatAge(t - dataTime);

  it('is the next whole minute of the age, then the next whole day from two days on', () => {
    expect(ageTextChangesAt(dataTime, dataTime + 20_000)).toBe(dataTime + min);
    expect(ageTextChangesAt(dataTime, dataTime - 3 * min)).toBe(dataTime + min);
    expect(ageTextChangesAt(dataTime, dataTime + 4 * min)).toBe(dataTime + 5 * min);
    expect(ageTextChangesAt(dataTime, dataTime + 4 * min + 59_999)).toBe(dataTime + 5 * min);
    expect(ageTextChangesAt(dataTime, dataTime + 47 * hour + 59 * min + 1)).toBe(
      dataTime + 48 * hour,
    );
    expect(ageTextChangesAt(dataTime, dataTime + 50 * hour)).toBe(dataTime + 72 * hour);
    expect(ageTextChangesAt(Number.NaN, dataTime)).toBe(Infinity);
  });

  it('is the moment the text differs, and the text stays as it is until then', () => {
    const ages = [-90_000, -1, 0, 1, 59_999, 60_000, 61_234, 59 * min + 59_999, hour, 5 * hour + 1];
    for (const age of [...ages, 47 * hour + 59 * min + 30_000, 48 * hour, 3 * 24 * hour + 5]) {
      const now = dataTime + age;
      const next = ageTextChangesAt(dataTime, now);
      expect(next).toBeGreaterThan(now);
      expect(text(next)).not.toBe(text(now));
      expect(text(next - 1)).toBe(text(now));
      expect(text(now + Math.floor((next - now) / 2))).toBe(text(now));
    }
  });
});
