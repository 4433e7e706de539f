import { describe, expect, it } from 'vitest';
import { normalise } from '../../../../core/normalise/index.ts';
import type { KpForecastData, ThreeDayForecastData } from '../../../../core/normalise/index.ts';
import { fresherKpForecast } from '../../../../src/features/forecast/fresherKpForecast.ts';
import { constructed } from '../../../support/constructedSwpc.ts';

function stored<T>(
  resource: 'three-day-forecast' | 'kp-forecast',
  file: string,
): { data: T; time: number } {
  const r = normalise(resource, constructed(file), { now: Date.UTC(2026, 1, 10) });
  if (!r.ok) throw new Error(r.error);
  return { data: r.products[0]!.data as T, time: r.dataTime! };
}

// Constructed files (tests/fixtures/swpc): the bulletin issued 2024-12-31 12:30 UTC, the Kp
// forecast JSON to 2026-02-12 with a predicted G2 (5.67) at 2026-02-11 06:00.
const threeDay = stored<ThreeDayForecastData>('three-day-forecast', '3-day-forecast.txt');
const kpJson = stored<KpForecastData>('kp-forecast', 'noaa-planetary-k-index-forecast.json');

describe('the fresher of the two Kp forecasts', () => {
  it('takes the Kp forecast product when its newest period is newer than the bulletin', () => {
    const kp = fresherKpForecast(threeDay, kpJson);
    expect(kp?.source).toBe('kp-forecast');
    expect(kp?.time).toBe(Date.UTC(2026, 1, 9, 21));
    if (kp?.source !== 'kp-forecast') throw new Error('wrong source');
    // The last estimated period (Feb 9, 21:00, Kp 3.67), then the 17 predicted ones.
    expect(kp.rows[0]).toMatchObject({
      t: Date.UTC(2026, 1, 9, 21),
      kp: 3.67,
      status: 'estimated',
    });
    expect(kp.rows).toHaveLength(18);
    expect(kp.maxKp).toBe(5.67);
  });

  it('takes the bulletin when it is the newer', () => {
    const kp = fresherKpForecast({ ...threeDay, time: Date.UTC(2026, 1, 10, 0, 30) }, kpJson);
    expect(kp?.source).toBe('three-day-forecast');
  });

  it('is null when neither is stored', () => {
    expect(fresherKpForecast(null, null)).toBeNull();
  });
});
