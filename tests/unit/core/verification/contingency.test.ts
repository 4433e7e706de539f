import { describe, expect, it } from 'vitest';
import { binaryScores, tally } from '../../../../core/verification/contingency.ts';

describe('binary forecast scores', () => {
  it('gives POD, FAR and HSS of a hand-computed table', () => {
    // a = 3 hits, b = 2 false alarms, c = 1 miss, d = 24 correct negatives (30 cases):
    // POD = 3/4, FAR = 2/5, HSS = 2(3·24 − 2·1) / ((3+1)(1+24) + (3+2)(2+24)) = 140/230.
    const table = tally([
      ...Array.from({ length: 3 }, () => ({ forecast: true, observed: true })),
      ...Array.from({ length: 2 }, () => ({ forecast: true, observed: false })),
      { forecast: false, observed: true },
      ...Array.from({ length: 24 }, () => ({ forecast: false, observed: false })),
    ]);
    expect(table).toEqual({ hits: 3, falseAlarms: 2, misses: 1, correctNegatives: 24 });
    const s = binaryScores(table);
    expect(s.cases).toBe(30);
    expect(s.events).toBe(4);
    expect(s.pod).toBe(0.75);
    expect(s.far).toBe(0.4);
    expect(s.hss).toBeCloseTo(140 / 230, 12);
  });

  it('reproduces the published scores of Finley’s 1884 tornado forecasts', () => {
    // Finley's table as given by Murphy (1996, "The Finley affair", Weather and Forecasting 11,
    // 3–20) and Jolliffe & Stephenson (2012, ch. 3): 28 hits, 72 false alarms, 23 misses, 2680
    // correct negatives. Percent correct is 96.6 % — and "never a tornado" would score 98.2 %,
    // which is why no percent correct is shown. Published: POD 0.549, FAR 0.720, HSS 0.355.
    const s = binaryScores({ hits: 28, falseAlarms: 72, misses: 23, correctNegatives: 2680 });
    expect(s.pod).toBeCloseTo(0.549, 3);
    expect(s.far).toBeCloseTo(0.72, 3);
    expect(s.hss).toBeCloseTo(0.355, 3);
  });

  it('leaves a score undefined, never zero, when its denominator is empty', () => {
    const quiet = binaryScores({ hits: 0, falseAlarms: 0, misses: 0, correctNegatives: 30 });
    expect(quiet.pod).toBeNull();
    expect(quiet.far).toBeNull();
    expect(quiet.hss).toBeNull();
    expect(quiet.cases).toBe(30);
  });

  it('scores a forecast no better than chance at zero and a perfect one at one', () => {
    expect(binaryScores({ hits: 5, falseAlarms: 5, misses: 5, correctNegatives: 5 }).hss).toBe(0);
    expect(binaryScores({ hits: 4, falseAlarms: 0, misses: 0, correctNegatives: 26 }).hss).toBe(1);
  });
});
