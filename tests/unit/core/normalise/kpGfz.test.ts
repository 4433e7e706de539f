import { describe, expect, it } from 'vitest';
import { normalise } from '../../../../core/normalise/index.ts';
import { constructKpGfz } from '../../../fixtures/gfz/construct.ts';

const NOW = Date.parse('2026-11-22T05:00:00Z');
const body = (doc: unknown) => JSON.stringify(doc);
const GFZ = (over: Record<string, unknown> = {}) => ({
  meta: { source: 'GFZ Potsdam', license: 'CC BY 4.0' },
  datetime: ['2026-11-20T15:00:00Z', '2026-11-20T18:00:00Z', '2026-11-20T21:00:00Z'],
  Kp: [2.333, 5.667, 4],
  status: ['def', 'pre', 'pre'],
  ...over,
});

describe('GFZ Potsdam Kp (kp-gfz)', () => {
  it('reads the constructed 45-day body into a 3-hourly series with each value’s status', () => {
    const r = normalise('kp-gfz', constructKpGfz(), { now: NOW });
    if (!r.ok) throw new Error(r.error);
    const [batch] = r.series;
    expect(batch!.product).toBe('kp-gfz');
    expect(batch!.t).toHaveLength(360);
    expect(new Date(r.dataTime!).toISOString()).toBe('2026-11-20T21:00:00.000Z');
    const status = batch!.fields.status!;
    // Definitive (2) until GFZ's monthly release, nowcast (1) after it.
    expect(status[0]).toBe(2);
    expect(status.at(-1)).toBe(1);
    expect(r.schemaDrift).toBe(false);
    expect(r.summary).toMatchObject({ records: 360, license: 'CC BY 4.0' });
  });

  it('keeps a value GFZ marks missing (−1) as missing, never zero', () => {
    const r = normalise('kp-gfz', body(GFZ({ Kp: [2.333, -1, 4] })), { now: NOW });
    if (!r.ok) throw new Error(r.error);
    expect(r.series[0]!.t).toHaveLength(2);
    expect(r.series[0]!.fields.kp).toEqual([2.333, 4]);
  });

  it('notes an unknown status word or licence as drift and keeps the values', () => {
    const r = normalise(
      'kp-gfz',
      body(GFZ({ status: ['def', 'provisional', 'pre'], meta: { license: 'CC BY-NC' } })),
      { now: NOW },
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.schemaDrift).toBe(true);
    expect(r.series[0]!.fields.status).toEqual([2, null, 1]);
  });

  it('refuses what is not GFZ’s JSON, with a reason', () => {
    const cases: [string, RegExp][] = [
      ['<html><title>Bad Gateway</title></html>', /HTML page/],
      [body([1, 2]), /not a JSON object/],
      [body(GFZ({ Kp: [1] })), /3 times against 1 Kp values/],
      [body({ meta: {} }), /no "datetime" and "Kp" lists/],
      [body(GFZ({ Kp: [-1, -1, -1] })), /no usable sample/],
      [
        body(
          GFZ({
            datetime: ['2026-12-01T00:00:00Z', '2026-12-01T03:00:00Z', '2026-12-01T06:00:00Z'],
          }),
        ),
        /after now/,
      ],
    ];
    for (const [text, reason] of cases) {
      const r = normalise('kp-gfz', text, { now: NOW });
      expect(r.ok, text.slice(0, 40)).toBe(false);
      if (!r.ok) expect(r.error).toMatch(reason);
    }
  });
});
