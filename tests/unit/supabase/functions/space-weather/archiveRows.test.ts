import { describe, expect, it } from 'vitest';
import {
  archiveRows,
  writeArchive,
} from '../../../../../supabase/functions/space-weather/archive.ts';
import { validateWithNormalise } from '../../../../../supabase/functions/space-weather/validate.ts';
import type { SpaceWeatherResource } from '../../../../../supabase/functions/space-weather/resources.ts';
import type { RestClient } from '../../../../../supabase/functions/_shared/rest.ts';
import { constructed } from '../../../../support/constructedSwpc.ts';

const NOW = Date.parse('2026-11-22T05:00:00Z');
const fixture = (name: string) => constructed(name);

function rowsFor(resource: SpaceWeatherResource, file: string) {
  const result = validateWithNormalise(resource, fixture(file), { now: NOW });
  if (!result.ok) throw new Error(result.error);
  return archiveRows(resource, result, NOW);
}

describe('space-weather archive rows', () => {
  it('keeps a 7-day solar-wind file as one sample row per minute, unique per product and time', () => {
    const { samples, chunks } = rowsFor('solar-wind', 'plasma-7-day.json');
    expect(chunks).toEqual([]);
    // 9,127 rows, 7 of them with every field missing (nothing to keep).
    expect(samples.length).toBeGreaterThan(9000);
    expect(new Set(samples.map((r) => `${r.product} ${r.t}`)).size).toBe(samples.length);
    expect(samples[0]).toMatchObject({
      product: 'solar-wind-plasma',
      t: '2026-01-12T23:12:00.000Z',
      fetched_at: '2026-11-22T05:00:00.000Z',
    });
    expect(Object.keys(samples[0]!.v).sort()).toEqual(['density', 'speed', 'temperature']);
    expect(samples.every((r) => Object.values(r.v).some((v) => v !== null))).toBe(true);
  });

  it('stores an OVATION frame as one chunk with the grid bytes in base64', () => {
    const { chunks, samples } = rowsFor('aurora-oval', 'ovation_aurora_latest.json');
    expect(samples).toEqual([]);
    const [row, ...rest] = chunks;
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

  it('keys a forecast by its issue time, so each new issue adds a row to its history', () => {
    const { chunks } = rowsFor('three-day-forecast', '3-day-forecast.txt');
    expect(chunks.map((r) => r.chunk_id)).toEqual([
      'product/three-day-forecast/2024-12-31T12:30:00.000Z',
    ]);
    expect(chunks[0]!.data_time).toBe('2024-12-31T12:30:00.000Z');
  });

  it('writes the samples in requests the gateway accepts, as upserts', async () => {
    const calls: { path: string; rows: number; prefer?: string[] }[] = [];
    const rest: RestClient = {
      request: async (_method, path, opts) => {
        calls.push({ path, rows: (opts?.body as unknown[]).length, prefer: opts?.prefer });
        return null as never;
      },
    };
    const batch = rowsFor('magnetic-field', 'mag-7-day.json');
    expect(await writeArchive(rest, batch)).toBe(batch.samples.length);
    expect(calls.every((c) => c.path === 'space_weather_samples?on_conflict=product,t')).toBe(true);
    expect(
      calls.every((c) => c.rows <= 1000 && c.prefer?.includes('resolution=merge-duplicates')),
    ).toBe(true);
    expect(calls.reduce((n, c) => n + c.rows, 0)).toBe(batch.samples.length);
  });
});
