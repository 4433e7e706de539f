import { describe, expect, it } from 'vitest';
import { summariseSpaceWeather } from '../../../../sync/read/summariseSpaceWeather.ts';

const NOW = Date.UTC(2026, 10, 23, 12, 0);

describe('the space-weather summary', () => {
  it('keeps a missing Kp missing for the screens, and reads 0 only in the summary’s fixed fields', () => {
    const summary = summariseSpaceWeather(
      { kp1m: null, kp3h: null, speed: { value: 420, t: NOW - 60_000 }, density: null, bz: null },
      new Map(),
      NOW,
    );
    expect(summary.details.kpIndex.value).toBeNull();
    expect(summary.details.kpIndex.time).toBeNull();
    expect(summary.details.solarWindSpeed.value).toBe(420);
    expect(summary.kpIndex).toBe(0);
  });

  it('keeps a measured Kp of 0 as a value', () => {
    const summary = summariseSpaceWeather(
      { kp1m: { value: 0, t: NOW - 60_000 }, kp3h: null, speed: null, density: null, bz: null },
      new Map(),
      NOW,
    );
    expect(summary.details.kpIndex.value).toBe(0);
  });
});
