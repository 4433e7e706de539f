import { describe, expect, it } from 'vitest';
import { normalise, type SolarCycleData } from '../../../../core/normalise/index.ts';
import {
  kpAnchor,
  kpForecastPeriods,
  kpTimelineData,
} from '../../../../src/features/forecast/kpTimelineData.ts';
import { CYCLE_FROM, solarCycleData } from '../../../../src/features/forecast/solarCycleData.ts';
import { constructed } from '../../../support/constructedSwpc.ts';

const H = 3_600_000;
const T0 = Date.UTC(2026, 10, 20);

describe('the Kp timeline data', () => {
  it('puts observed bars, the 1-minute line and forecast bars on one axis, the observation winning over an old forecast', () => {
    const data = kpTimelineData(
      { t: [T0, T0 + 3 * H], kp: [2.33, 5.67] },
      { t: [T0 + 3 * H + 60_000], kp: [5.33] },
      [
        { t: T0 + 3 * H, kp: 4 },
        { t: T0 + 6 * H, kp: 6 },
      ],
    );
    expect(data.t).toEqual([T0, T0 + 3 * H, T0 + 3 * H + 60_000, T0 + 6 * H]);
    expect(data.columns.observed).toEqual([2.33, 5.67, undefined, undefined]);
    expect(data.columns.estimated).toEqual([undefined, undefined, 5.33, undefined]);
    expect(data.columns.forecast).toEqual([undefined, undefined, undefined, 6]);
  });

  it('anchors "now" on the clock, or on the newest Kp when the stored data is days old', () => {
    expect(kpAnchor(T0 - H, T0)).toEqual({ t: T0, label: 'now' });
    expect(kpAnchor(T0 - 48 * H, T0)).toEqual({ t: T0 - 48 * H, label: 'latest data' });
    expect(kpAnchor(null, T0)).toEqual({ t: T0, label: 'now' });
  });

  it('takes the Kp forecast product’s predicted periods, else the bulletin’s, leaving out periods without a value', () => {
    expect(
      kpForecastPeriods(
        [
          { t: 1, kp: 2, status: 'observed' },
          { t: 2, kp: 3, status: 'predicted' },
        ],
        [{ start: 9, kp: 4 }],
      ),
    ).toEqual([{ t: 2, kp: 3 }]);
    expect(
      kpForecastPeriods(null, [
        { start: 9, kp: 4 },
        { start: 10, kp: null },
      ]),
    ).toEqual([{ t: 9, kp: 4 }]);
  });
});

describe('the solar cycle data', () => {
  it('merges SWPC’s observed and predicted files on one monthly axis from 2008, with -1 read as missing', () => {
    const file = (name: string) => constructed(name);
    const now = Date.UTC(2026, 10, 22, 5);
    const product = (resource: 'observed-solar-cycle' | 'predicted-solar-cycle', name: string) => {
      const r = normalise(resource, file(name), { now });
      if (!r.ok) throw new Error(r.error);
      return r.products[0]!.data as SolarCycleData;
    };
    const { data, window } = solarCycleData(
      product('observed-solar-cycle', 'observed-solar-cycle-indices.json'),
      product('predicted-solar-cycle', 'predicted-solar-cycle.json'),
    );
    expect(data.t[0]).toBeGreaterThanOrEqual(CYCLE_FROM);
    expect(window.from).toBe(data.t[0]);
    expect(data.columns.ssn!.some((v) => typeof v === 'number')).toBe(true);
    expect(data.columns.predicted!.some((v) => typeof v === 'number')).toBe(true);
    for (const col of Object.values(data.columns))
      expect(col.every((v) => v === null || v! >= 0)).toBe(true);
    expect(solarCycleData(null, null).data.t).toEqual([]);
  });
});
