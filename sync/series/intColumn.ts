/**
 * A column of integers as short text: the stored form of a series chunk's time axis and fetch
 * times (sync/series/chunkCodec.ts).
 *
 * Why: a day of 1-minute samples is 1,440 epoch-millisecond times, 14 characters each in JSON —
 * 20 KB for the time axis and 20 KB more per field for the fetch times, more than half of a
 * solar-wind day's document. IndexedDB's read time grows with the size of what it reads, and the
 * 7-day read of a store that has lived for months (`db.solarWind7dReadMs90d`) is mostly that read.
 * Both columns are regular: the times step by the cadence, and the fetch times repeat (one poll
 * stamps every cell it brought) or step with the polls. So each value is written as its
 * difference from the one before, and a difference that repeats is written once with a count.
 *
 * Form: `~` then comma-separated tokens, each `d` or `d*n` (the difference `d`, in decimal,
 * applied `n` times); the first difference is from 0. `[1000,61000,121000]` is `~1000,60000*2`;
 * `[]` is `~`. Text that starts with `[` is the JSON array this replaced, still read as such, so
 * a store written before keeps working (each chunk takes the short form at its next merge).
 * A column holding anything but safe integers (or differences that are not) stays JSON.
 */

const MARK = '~';
/** More values than any day's column holds (a day of 1-second samples is 86,400): damaged text. */
const MAX_LENGTH = 1_000_000;

export function encodeIntColumn(xs: readonly number[]): string {
  let out = MARK;
  let prev = 0;
  let delta = 0;
  let run = 0;
  const flush = () => {
    if (run === 0) return;
    out += (out.length > 1 ? ',' : '') + (run === 1 ? `${delta}` : `${delta}*${run}`);
  };
  for (const x of xs) {
    const d = x - prev;
    if (!Number.isSafeInteger(x) || !Number.isSafeInteger(d)) return JSON.stringify(xs);
    if (run > 0 && d === delta) run++;
    else {
      flush();
      delta = d;
      run = 1;
    }
    prev = x;
  }
  flush();
  return out;
}

/** Either form → the integers. Throws on text that is neither (a damaged document). */
export function decodeIntColumn(s: string): number[] {
  if (s.charCodeAt(0) === 91 /* [ */) return JSON.parse(s) as number[];
  if (s.charCodeAt(0) !== 126 /* ~ */) throw new Error(`not an integer column: ${s.slice(0, 20)}`);
  const out: number[] = [];
  if (s.length === 1) return out;
  let x = 0;
  for (const token of s.slice(1).split(',')) {
    const star = token.indexOf('*');
    const d = Number(star < 0 ? token : token.slice(0, star));
    const n = star < 0 ? 1 : Number(token.slice(star + 1));
    if (!Number.isSafeInteger(d) || !Number.isSafeInteger(n) || n < 1 || token === '')
      throw new Error(`bad integer column token: ${token.slice(0, 20)}`);
    if (out.length + n > MAX_LENGTH) throw new Error(`integer column longer than ${MAX_LENGTH}`);
    for (let i = 0; i < n; i++) out.push((x += d));
  }
  return out;
}
