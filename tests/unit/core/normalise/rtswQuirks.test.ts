import { describe, expect, it } from 'vitest';
import { normalise } from '../../../../core/normalise/index.ts';
import { recorded, skipWithoutRecordings } from '../../../support/recordedFixtures.ts';

/** The recordings live in ../shared (not committed): without them these checks skip, saying so. */
const SKIP = skipWithoutRecordings();

/**
 * json/rtsw/ is the solar-wind source now; two quirks of the live wind file reported by a third
 * party (tests/fixtures/swpc/FORMATS.md): bare `NaN` for a dropped sample, and housekeeping keys
 * beyond those of the magnetic-field file.
 */
const NOW = Date.parse('2024-04-24T23:40:00Z');

describe.skipIf(SKIP)('the rtsw files as SWPC serves them', () => {
  it('reads a bare NaN as one missing value instead of losing the whole file', () => {
    const real = recorded('rtsw_mag_1m.json');
    const withNaN = real
      .replace('"bz_gsm":1.83', '"bz_gsm":NaN')
      .replace('"bt":3.53', '"bt": -NaN');
    expect(withNaN).not.toBe(real);
    const r = normalise('magnetic-field', withNaN, { now: NOW });
    const clean = normalise('magnetic-field', real, { now: NOW });
    if (!r.ok || !clean.ok) throw new Error('refused');
    const batch = r.series[0]!;
    const i = batch.t.indexOf(Date.parse('2024-04-24T23:35:00Z'));
    expect(batch.fields.bz![i]).toBeNull();
    expect(batch.t).toEqual(clean.series[0]!.t);
    // A string that says NaN is not touched, and broken JSON stays refused.
    expect(normalise('magnetic-field', '[{"time_tag":"NaN"', { now: NOW }).ok).toBe(false);
  });

  it('takes the wind file’s housekeeping keys as known, not as a changed format', () => {
    const row = {
      time_tag: '2024-04-24T23:35:00',
      active: true,
      source: 'SOLAR1',
      proton_speed: 276.9,
      proton_temperature: 24034,
      proton_density: 3.09,
      proton_sample_size: 1,
      alpha_speed: null,
      alpha_density: null,
      max_convergence_flag: 0,
      max_data_flag: 0,
      max_error_count_flag: 0,
      max_processing_flag: 0,
      max_range_flag: 0,
      max_sample_count_flag: 0,
      max_telemetry_flag: 0,
      overall_quality: 0,
    };
    const r = normalise('solar-wind', JSON.stringify([row]), { now: NOW });
    expect(r).toMatchObject({ ok: true, schemaDrift: false });
    expect(r.ok && r.series[0]).toMatchObject({ source: 'SOLAR1', fields: { speed: [276.9] } });
  });
});
