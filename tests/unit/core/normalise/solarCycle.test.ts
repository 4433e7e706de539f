import { describe, expect, it } from 'vitest';
import { normalise } from '../../../../core/normalise/index.ts';
import type { SolarCycleData } from '../../../../core/normalise/index.ts';
import { NOW } from '../../../support/fixtureFiles.ts';
import { recorded, skipWithoutRecordings } from '../../../support/recordedFixtures.ts';

/** The recordings live in ../shared (not committed): without them these checks skip, saying so. */
const SKIP = skipWithoutRecordings();

function cycle(resource: 'observed-solar-cycle' | 'predicted-solar-cycle', body: string) {
  const r = normalise(resource, body, { now: NOW });
  if (!r.ok) throw new Error(r.error);
  return { data: r.products[0]?.data as SolarCycleData, r };
}

describe.skipIf(SKIP)('observed solar cycle', () => {
  it('reads 3,311 months from 1749 with the dotted f10.7 keys and -1 as missing', () => {
    const { data, r } = cycle(
      'observed-solar-cycle',
      recorded('observed-solar-cycle-indices.json'),
    );
    expect(data.t).toHaveLength(3311);
    expect(data.t[0]).toBe(Date.UTC(1749, 0, 1));
    expect(data.columns.ssn?.[0]).toBe(96.7);
    expect(data.columns.f107?.[0]).toBeNull();
    expect(data.columns.smoothedSsn?.[0]).toBeNull();
    const oct2004 = data.t.indexOf(Date.UTC(2004, 9, 1));
    expect(data.columns.f107?.[oct2004]).not.toBeNull();
    expect(r.summary.latestSmoothedMonth).toBe('2024-05-01T00:00:00.000Z');
    expect(r.dataTime).toBe(Date.UTC(2024, 10, 1));
    expect(r.schemaDrift).toBe(false);
  });
});

describe.skipIf(SKIP)('predicted solar cycle', () => {
  it('keeps the 2040 rows where high_f10.7 is below predicted, as served', () => {
    const { data } = cycle('predicted-solar-cycle', recorded('predicted-solar-cycle.json'));
    expect(data.t).toHaveLength(212);
    const i = data.t.indexOf(Date.UTC(2040, 6, 1));
    expect(data.columns.highF107?.[i]).toBe(8);
    expect(data.columns.predictedF107?.[i]).toBeGreaterThan(8);
  });

  it('tolerates extra keys such as high25_ssn, flagging drift', () => {
    const rows = JSON.parse(recorded('predicted-solar-cycle.json')) as Record<string, unknown>[];
    const { data, r } = cycle(
      'predicted-solar-cycle',
      JSON.stringify(rows.map((row) => ({ ...row, high25_ssn: 130 }))),
    );
    expect(r.schemaDrift).toBe(true);
    expect(data.t).toHaveLength(212);
  });

  it('rejects the observed file sent as the prediction (changed shape)', () => {
    expect(
      normalise('predicted-solar-cycle', recorded('observed-solar-cycle-indices.json'), {
        now: NOW,
      }),
    ).toMatchObject({
      ok: false,
      error: expect.stringContaining('missing column "predicted_ssn"'),
    });
  });
});
