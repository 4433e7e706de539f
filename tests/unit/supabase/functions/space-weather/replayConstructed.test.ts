/**
 * The space-weather function's offline replay is CONSTRUCTED (tests/fixtures/swpc/), not recorded:
 * each committed file must be exactly what its generator writes (`npm run fixtures:swpc`), so the
 * two cannot drift, and each must carry the format quirks the normalisers are built for.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalise } from '../../../../../core/normalise/index.ts';
import {
  SPACE_WEATHER_RESOURCE_NAMES,
  resourceSpec,
} from '../../../../../supabase/functions/space-weather/resources.ts';
import { replayDataTime } from '../../../../../supabase/functions/space-weather/replay.ts';
import { REPLAY_BODIES } from '../../../../fixtures/swpc/replayBodies.ts';
import { NOW } from '../../../../support/fixtureFiles.ts';
import { constructKpGfz } from '../../../../fixtures/gfz/construct.ts';

const REPLAY = new URL('../../../../../supabase/functions/space-weather/replay/', import.meta.url);
const committed = (name: string) => readFileSync(new URL(name, REPLAY), 'utf8');
/** The one replay file written by hand (tests/fixtures/constructed/SOURCES.md). */
const HAND_WRITTEN = 'icao-space-weather-advisories.json';
/** Every generated replay file: SWPC's products, and GFZ Potsdam's Kp (tests/fixtures/gfz/). */
const GENERATORS: Record<string, () => string> = {
  ...REPLAY_BODIES,
  'kp-gfz-constructed.json': () => constructKpGfz(),
};

describe('the constructed space-weather replay', () => {
  it('has a generator for every replay file but the hand-written ICAO advisory, and a file for every generator', () => {
    const files = readdirSync(REPLAY).filter((f) => !f.endsWith('.md'));
    expect(files.filter((f) => f !== HAND_WRITTEN).sort()).toEqual(Object.keys(GENERATORS).sort());
  });

  it.each(Object.keys(GENERATORS))('commits %s exactly as its generator writes it', (file) => {
    const make = GENERATORS[file] as () => string;
    expect(committed(file) === make(), `${file}: run npm run fixtures:swpc`).toBe(true);
  });

  it.each(SPACE_WEATHER_RESOURCE_NAMES)(
    'replays %s as a body the normaliser accepts, dated no later than its registry replay time says',
    (resource) => {
      const file = resourceSpec(resource).replayFile as string;
      const result = normalise(resource, committed(file), { now: NOW });
      if (!result.ok) throw new Error(result.error);
      expect(result.schemaDrift).toBe(false);
      const listed = replayDataTime(resource);
      if (result.dataTime !== null)
        expect(new Date(result.dataTime).toISOString()).toBe(new Date(listed).toISOString());
    },
  );

  it('carries the documented quirks: string numbers, nulls, gaps, newest-first alerts, thirds, resets, -1.0, the G1 at 4.67', () => {
    const kp = JSON.parse(committed('noaa-planetary-k-index.json')) as string[][];
    expect(kp[0]).toEqual(['time_tag', 'Kp', 'a_running', 'station_count']);
    expect(kp[1]?.[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:00:00\.000$/);
    for (const r of kp.slice(1)) {
      expect(typeof r[1]).toBe('string');
      expect(Math.abs(Number(r[1]) * 3 - Math.round(Number(r[1]) * 3))).toBeLessThan(0.02);
    }
    const forecast = JSON.parse(committed('noaa-planetary-k-index-forecast.json')) as (
      string | null
    )[][];
    expect(forecast[0]).toEqual(['time_tag', 'kp', 'observed', 'noaa_scale']);
    expect(forecast.some((r) => r[1] === '4.67' && r[3] === 'G1')).toBe(true);
    expect(new Set(forecast.slice(1).map((r) => r[2]))).toEqual(
      new Set(['observed', 'estimated', 'predicted']),
    );
    const plasma = JSON.parse(committed('plasma-7-day.json')) as (string | null)[][];
    expect(plasma.some((r) => r[1] !== null && r[2] === null)).toBe(true);
    expect(plasma.some((r) => r.slice(1).every((v) => v === null))).toBe(true);
    const minutes = plasma
      .slice(1)
      .map((r) => Date.parse(`${(r[0] as string).replace(' ', 'T')}Z`));
    expect(minutes.some((t, i) => i > 0 && t - (minutes[i - 1] as number) > 60_000)).toBe(true);
    const kp1m = JSON.parse(committed('planetary_k_index_1m.json')) as {
      time_tag: string;
      kp: string;
    }[];
    expect(kp1m.find((r) => r.time_tag === '2026-07-09T06:00:00')?.kp).toBe('0Z');
    expect(committed('planetary_k_index_1m.json')).toContain('"estimated_kp":1.00');
    expect(committed('observed-solar-cycle-indices.json')).toContain('"f10.7": -1.0');
    expect(committed('aurora-nowcast-hemi-power.txt')).toContain('(n/a)');
    expect(committed('aurora-nowcast-hemi-power.txt').endsWith('\n')).toBe(false);
    expect(committed('ovation_aurora_latest.json')).toMatch(
      /^\{"Observation Time": .*\]\], "type": "MultiPoint"\}$/s,
    );
    expect(committed('3-day-forecast.txt')).toMatch(
      /^NOAA Kp index breakdown Dec 31-Jan 02 2025$/m,
    );
    expect(committed('3-day-forecast.txt')).toMatch(/^\d\d-\d\dUT .*\(G1\).* +$/m);
    const alerts = JSON.parse(committed('alerts.json')) as {
      issue_datetime: string;
      message: string;
    }[];
    const issued = alerts.map((a) => a.issue_datetime);
    expect(issued).toEqual([...issued].sort().reverse());
    expect(committed('alerts.json')).toContain('\\/');
    expect(
      alerts.every((a) => a.message.includes('\r\n') && a.message.includes('CONSTRUCTED')),
    ).toBe(true);
  });

  it('labels every text product as constructed inside the file', () => {
    for (const file of Object.keys(REPLAY_BODIES).filter((f) => f.endsWith('.txt')))
      expect(committed(file), file).toMatch(/^# CONSTRUCTED test data/m);
  });
});
