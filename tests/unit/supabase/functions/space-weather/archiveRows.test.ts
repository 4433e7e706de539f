import { describe, expect, it } from 'vitest';
import { archiveRows } from '../../../../../supabase/functions/space-weather/archive.ts';
import { validateWithNormalise } from '../../../../../supabase/functions/space-weather/validate.ts';
import type { SpaceWeatherResource } from '../../../../../supabase/functions/space-weather/resources.ts';
import { constructed } from '../../../../support/constructedSwpc.ts';

const NOW = Date.parse('2026-11-22T05:00:00Z');
const fixture = (name: string) => constructed(name);

function rowsFor(resource: SpaceWeatherResource, file: string) {
  const result = validateWithNormalise(resource, fixture(file), { now: NOW });
  if (!result.ok) throw new Error(result.error);
  return archiveRows(resource, result, NOW);
}

describe('space-weather archive rows', () => {
  it('splits a 7-day solar-wind file into one chunk per UTC day with aligned columns', () => {
    const rows = rowsFor('solar-wind', 'plasma-7-day.json');
    expect(rows.map((r) => r.chunk_id)).toEqual([
      'series/solar-wind-plasma/2026-01-12',
      'series/solar-wind-plasma/2026-01-13',
      'series/solar-wind-plasma/2026-01-14',
      'series/solar-wind-plasma/2026-01-15',
      'series/solar-wind-plasma/2026-01-16',
      'series/solar-wind-plasma/2026-01-17',
      'series/solar-wind-plasma/2026-01-18',
      'series/solar-wind-plasma/2026-01-19',
    ]);
    let samples = 0;
    for (const row of rows) {
      const p = row.payload as { t: number[]; fields: Record<string, unknown[]> };
      const day = row.chunk_id.slice(-10);
      expect(p.t.every((t) => new Date(t).toISOString().startsWith(day))).toBe(true);
      for (const column of Object.values(p.fields)) expect(column).toHaveLength(p.t.length);
      expect(row.data_time).toBe(new Date(p.t.at(-1)!).toISOString());
      samples += p.t.length;
    }
    expect(samples).toBeGreaterThan(9000);
    expect(rows.every((r) => r.fetched_at === '2026-11-22T05:00:00.000Z')).toBe(true);
  });

  it('stores an OVATION frame as one chunk with the grid bytes in base64', () => {
    const [row, ...rest] = rowsFor('aurora-oval', 'ovation_aurora_latest.json');
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      resource: 'aurora-oval',
      chunk_id: 'grid/2024-03-03T15:07:00.000Z',
      data_time: '2024-03-03T15:07:00.000Z',
    });
    const payload = row!.payload as { width: number; height: number; valuesBase64: string };
    expect(Buffer.from(payload.valuesBase64, 'base64')).toHaveLength(
      payload.width * payload.height,
    );
  });

  it('keys product records by their id', () => {
    const rows = rowsFor('three-day-forecast', '3-day-forecast.txt');
    expect(rows.map((r) => r.chunk_id)).toEqual(['product/three-day-forecast']);
    expect(rows[0]!.data_time).toBe('2024-12-31T12:30:00.000Z');
  });
});
