/** What every `*.bench.ts` receives from tests/bench/run.ts. */
export interface BenchContext {
  /** The repository root. */
  root: string;
  /** The system Chromium (Playwright's executablePath). */
  chromiumPath: string;
  /** The production build directory the server serves by default (`dist`, built if stale). */
  distDir: string;
  /** Starts `npm start`'s script on a free port (serving `distDir` unless told otherwise). */
  startServer(distDir?: string): Promise<{ url: string; stop(): Promise<void> }>;
}

/** A bench: returns its figures under dot keys, e.g. `{ 'bundle.initialGzipKB': 290.4 }`. */
export type Bench = (ctx: BenchContext) => Promise<Record<string, number>>;

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function round(n: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
