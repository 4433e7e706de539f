import { describe, expect, it } from 'vitest';
import {
  dayNearest,
  parseIssued,
  parseSwpcTime,
  parseYearMonth,
} from '../../../../core/normalise/swpcTime.ts';
import { checkText, parseJsonBody, stripBom } from '../../../../core/normalise/parseBody.ts';
import {
  gScaleFromKp,
  isMissing,
  parseGTag,
  toCycleNumber,
  toNumber,
} from '../../../../core/normalise/values.ts';
import { normalise } from '../../../../core/normalise/index.ts';
import { RESOURCES } from '../../../../core/model.ts';
import { NOW } from '../../../support/fixtureFiles.ts';

describe('SWPC time tags', () => {
  it('reads all three SWPC spellings and OVATION as the same UTC instant', () => {
    const expected = Date.UTC(2026, 1, 2, 0, 0, 0);
    expect(parseSwpcTime('2026-02-02 00:00:00.000')).toBe(expected);
    expect(parseSwpcTime('2026-02-02 00:00:00')).toBe(expected);
    expect(parseSwpcTime('2026-02-02T00:00:00')).toBe(expected);
    expect(parseSwpcTime('2026-02-02T00:00:00Z')).toBe(expected);
  });

  it('reads the hemispheric-power underscore form without seconds', () => {
    expect(parseSwpcTime('2024-03-03_15:15')).toBe(Date.UTC(2024, 2, 3, 15, 15));
  });

  it('refuses impossible dates instead of rolling them into the next month', () => {
    expect(parseSwpcTime('2026-02-30 00:00:00.000')).toBeNull();
    expect(parseSwpcTime('2026-02-02 24:00:00')).toBeNull();
    expect(parseSwpcTime('time_tag')).toBeNull();
    expect(parseSwpcTime(1234)).toBeNull();
  });

  it('reads the solar-cycle month and the text products Issued line', () => {
    expect(parseYearMonth('1749-01')).toBe(Date.UTC(1749, 0, 1));
    expect(parseYearMonth('2024-13')).toBeNull();
    expect(parseIssued('2024 Dec 31 1230 UTC')).toBe(Date.UTC(2024, 11, 31, 12, 30));
  });

  it('puts a day without a year in the year nearest the issue time, across New Year', () => {
    const issued = Date.UTC(2024, 11, 31, 12, 30);
    expect(dayNearest('Jan', 2, issued)).toBe(Date.UTC(2025, 0, 2));
    expect(dayNearest('Dec', 31, issued)).toBe(Date.UTC(2024, 11, 31));
  });
});

describe('upstream bodies', () => {
  it('strips a byte-order mark before parsing', () => {
    expect(stripBom('\uFEFF[1]')).toBe('[1]');
    expect(parseJsonBody('\uFEFF[["time_tag"]]')).toEqual({ ok: true, value: [['time_tag']] });
  });

  it('names an HTML error page, with its title, instead of a JSON syntax error', () => {
    const result = parseJsonBody(
      '<!DOCTYPE html><html><head><title>503 Service Unavailable</title></head></html>',
    );
    expect(result).toEqual({
      ok: false,
      reason: 'received an HTML page instead of data ("503 Service Unavailable")',
    });
  });

  it('says a cut-off body is truncated and how long it was', () => {
    expect(parseJsonBody('[["time_tag","Kp"],["2026-02-02 00:00:00.000","2.')).toEqual({
      ok: false,
      reason: 'truncated JSON (the body stops after 49 bytes)',
    });
  });

  it('says an empty body is empty', () => {
    expect(checkText('')).toEqual({ ok: false, reason: 'empty body (0 bytes)' });
    expect(checkText('  \n')).toEqual({ ok: false, reason: 'empty body (3 bytes)' });
  });
});

describe('missing values', () => {
  it('treats null, absent, empty and "(n/a)" as missing, never as zero', () => {
    for (const v of [null, undefined, '', '(n/a)', 'NaN']) expect(toNumber(v)).toBeNull();
    expect(isMissing('(n/a)')).toBe(true);
    expect(toNumber('0')).toBe(0);
  });

  it('reads numbers sent as strings, with trailing zeros', () => {
    expect(toNumber('2.33')).toBe(2.33);
    expect(toNumber('-58.44')).toBe(-58.44);
    expect(toNumber(1.0)).toBe(1);
  });

  it('drops values that are not finite or physically impossible', () => {
    expect(toNumber('1e400')).toBeNull();
    expect(toNumber(Number.NaN)).toBeNull();
    expect(toNumber('12', [0, 9])).toBeNull();
    expect(toNumber(true)).toBeNull();
    expect(toNumber({})).toBeNull();
  });

  it('treats -1 in the solar-cycle files as missing', () => {
    expect(toCycleNumber(-1.0)).toBeNull();
    expect(toCycleNumber(96.7)).toBe(96.7);
  });
});

describe('NOAA G scale', () => {
  it('starts G1 at Kp 4.67 ("5-") as SWPC labels it, and tops out at G5', () => {
    expect(gScaleFromKp(4.33)).toBe(0);
    expect(gScaleFromKp(4.67)).toBe(1);
    expect(gScaleFromKp(5.67)).toBe(2);
    expect(gScaleFromKp(6.67)).toBe(3);
    expect(gScaleFromKp(7.67)).toBe(4);
    expect(gScaleFromKp(8.67)).toBe(5);
    expect(gScaleFromKp(9)).toBe(5);
    expect(gScaleFromKp(null)).toBe(0);
    expect(parseGTag('G3')).toBe(3);
    expect(parseGTag('G9')).toBeNull();
  });
});

describe('normalise()', () => {
  it('has a normaliser for every resource and never throws on garbage', () => {
    for (const resource of RESOURCES) {
      for (const body of [
        '',
        'null',
        '{}',
        '[]',
        '[[]]',
        '<html></html>',
        '\uFEFF',
        'x'.repeat(10),
        '[{"a":1}]',
      ]) {
        const result = normalise(resource, body, { now: NOW });
        if (result.ok)
          expect(
            result.series.length +
              result.grids.length +
              result.products.length +
              (result.summary.records === 0 ? 1 : 0),
          ).toBeGreaterThan(0);
        else expect(result.error.startsWith(`${resource}: `)).toBe(true);
        if (!result.ok) expect(result.error).not.toContain('internal error');
      }
    }
  });

  it('answers an unknown resource with an error rather than throwing', () => {
    expect(normalise('nope' as never, '[]', { now: NOW })).toEqual({
      ok: false,
      error: 'nope: unknown resource',
    });
  });
});
