import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type uPlot from 'uplot';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyUplotIntl } from '../../../../scripts/vite/lazyUplotIntl.ts';

const nodeRequire = createRequire(import.meta.url);
const UPLOT_ESM = join(dirname(nodeRequire.resolve('uplot/package.json')), 'dist/uPlot.esm.js');
const SOURCE = readFileSync(UPLOT_ESM, 'utf8');

const realIntl = globalThis.Intl;
const realTz = process.env.TZ;
afterEach(() => {
  globalThis.Intl = realIntl;
  if (realTz === undefined) delete process.env.TZ;
  else process.env.TZ = realTz;
});

/** Every Intl object created while `run` runs (the module body and later calls). */
function countingIntl(): string[] {
  const made: string[] = [];
  const counted = Object.create(realIntl) as typeof Intl;
  for (const kind of ['NumberFormat', 'DateTimeFormat'] as const) {
    const Real = realIntl[kind] as unknown as new (...a: unknown[]) => object;
    Object.defineProperty(counted, kind, {
      value: new Proxy(Real, {
        construct(target, args) {
          made.push(kind);
          return Reflect.construct(target, args) as object;
        },
      }),
    });
  }
  globalThis.Intl = counted;
  return made;
}

/** uPlot's ES module body run as a function (it imports nothing): its default export. */
function evaluate(code: string): typeof uPlot {
  const body = code
    .replace(/^export function /gm, 'function ')
    .replace('export { uPlot as default };', 'return uPlot;');
  return new Function(body)() as typeof uPlot;
}

describe("uPlot's Intl objects, made on first use", () => {
  it('the installed uPlot creates two Intl objects when its module runs; the built one none', () => {
    const before = countingIntl();
    evaluate(SOURCE);
    expect(before).toEqual(['NumberFormat', 'DateTimeFormat']);

    const after = countingIntl();
    evaluate(lazyUplotIntl(SOURCE));
    expect(after).toEqual([]);
  });

  it('formats numbers and compares zones as uPlot does, creating each object once', () => {
    // A device zone that is not UTC (Node applies TZ as soon as it is set).
    process.env.TZ = 'Pacific/Auckland';
    const made = countingIntl();
    const lib = evaluate(lazyUplotIntl(SOURCE));
    expect(lib.fmtNum(1234.5)).toBe(new realIntl.NumberFormat('en-US').format(1234.5));
    expect(lib.fmtNum(-0.125)).toBe('-0.125');
    expect(made).toEqual(['NumberFormat']);
    const t = new Date(Date.UTC(2026, 10, 27, 21, 0));
    // UTC needs no zone lookup; the device's own zone is returned as it is; another is converted.
    expect(+lib.tzDate(t, 'Etc/UTC')).toBe(+t + t.getTimezoneOffset() * 60_000);
    expect(made).toEqual(['NumberFormat']);
    const own = realIntl.DateTimeFormat().resolvedOptions().timeZone;
    expect(own).toBe('Pacific/Auckland');
    expect(lib.tzDate(t, own)).toBe(t);
    expect(made).toEqual(['NumberFormat', 'DateTimeFormat']);
    lib.fmtNum(2);
    lib.tzDate(t, own);
    expect(made).toEqual(['NumberFormat', 'DateTimeFormat']);
  });

  it('refuses a uPlot whose lines it does not find', () => {
    expect(() => lazyUplotIntl(SOURCE.replace('const localTz =', 'const deviceTz ='))).toThrow(
      /device zone it reads.*found 0/,
    );
    expect(() => lazyUplotIntl(SOURCE + SOURCE)).toThrow(/found 2/);
  });
});
