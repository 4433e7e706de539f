// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SolarWindNow } from '../../../../src/features/live-feeds/SolarWindNow.tsx';
import { NO_VALUE, type SpaceWeatherNow } from '../../../../src/features/map/mapPageData.ts';
import { SummaryPanel } from '../../../../src/features/map/SummaryPanel.tsx';
import { summariseSpaceWeather } from '../../../../sync/read/summariseSpaceWeather.ts';

const NOW = Date.UTC(2026, 0, 19, 12, 0);

/** The Live tile's Bz and the map panel's Bz for the same measured value. */
function bothBz(bz: number): { tile: string; map: string } {
  const t = NOW - 60_000;
  const summary = summariseSpaceWeather(
    { kp1m: null, kp3h: null, speed: null, density: null, bz: { value: bz, t } },
    new Map(),
    NOW,
  );
  const { unmount } = render(<SolarWindNow summary={summary} now={NOW} />);
  const tile = screen.getByText('Bz (GSM)').parentElement!.querySelector('.stat__value')!;
  const tileText = tile.textContent ?? '';
  unmount();
  const mapSummary: SpaceWeatherNow = {
    kp: NO_VALUE,
    speed: NO_VALUE,
    density: NO_VALUE,
    bz: { value: bz, time: t },
    hemiPowerNorth: NO_VALUE,
    hemiPowerSouth: NO_VALUE,
  };
  render(<SummaryPanel summary={mapSummary} loading={false} now={NOW} />);
  const mapText = screen.getByText('Bz (north–south field)').nextElementSibling!;
  const mapNumber = mapText.querySelector('.map-summary__number')!.textContent ?? '';
  return { tile: tileText, map: mapNumber };
}

describe('Bz on the Live tile and on the map panel', () => {
  it('reads "+57.7 nT" on both for a northward field: the sign is written for north as for south', () => {
    const { tile, map } = bothBz(57.7);
    expect(tile).toBe('+57.7 nT');
    expect(map).toBe('+57.7 nT');
  });

  it('reads "-6.4 nT" on both for a southward field (the map adds "southward" in words)', () => {
    const { tile, map } = bothBz(-6.4);
    expect(tile).toBe('-6.4 nT');
    expect(map).toBe('-6.4 nT (southward)');
  });
});
