/**
 * The alert sender's throughput (docs/alerts.md): one scheduled run over 1,000 push subscriptions,
 * each with a `visible` rule in one of 100 0.1° cells and a Kp rule, on the local stack with a
 * throwaway PostgreSQL 15 (tests/bench/alerts/senderRuns.ts, in its own process through
 * scripts/with-postgres.ts). Everything — gateway, REST stand-in, the sender, PostgreSQL and the
 * loopback push service and agencies — shares this machine's 2 cores, so these are floors.
 * - `alerts.coldRunMs`: the storm's first run: every cell's clouds asked of the weather function
 *   (within its 20/s upstream budget) and two pushes per subscriber, encrypted and VAPID-signed;
 * - `alerts.warmRunMs`: the next run in the hour: kept clouds, every rule decided again, nothing sent;
 * - `alerts.pushesPerMinute`, `alerts.subscribersDecidedPerMinute`, `alerts.cellsPerMinute`: the same
 *   runs as rates.
 * Needs no build and no browser.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { round, type Bench } from './context.ts';

/** The run's size: big enough that per-run fixed costs fade, small enough for one bench minute. */
const SUBSCRIBERS = 1_000;
const CELLS = 100;

interface Runs {
  subscribers: number;
  cells: number;
  cold: { ms: number; summary: { alerts: number; cellsRefreshed: number } };
  warm: { ms: number; summary: { rules: number; alerts: number } };
  pushes: number;
  pushesWarm: number;
}

const bench: Bench = async (ctx) => {
  const dir = mkdtempSync(join(tmpdir(), 'alerts-bench-'));
  const out = join(dir, 'runs.json');
  try {
    const code = await new Promise<number>((resolve) => {
      const child = spawn(
        'npx',
        [
          'tsx',
          'scripts/with-postgres.ts',
          'tsx',
          'tests/bench/alerts/senderRuns.ts',
          String(SUBSCRIBERS),
          String(CELLS),
          out,
        ],
        { cwd: ctx.root, stdio: ['ignore', 'ignore', 'inherit'] },
      );
      child.on('exit', (c) => resolve(c ?? 1));
    });
    if (code !== 0) throw new Error(`senderRuns exited ${code}`);
    const runs = JSON.parse(readFileSync(out, 'utf8')) as Runs;
    if (runs.pushesWarm !== 0)
      throw new Error('the second run sent again: not one alert per event');
    const perMinute = (n: number, ms: number) => round((n * 60_000) / ms, 0);
    return {
      'alerts.coldRunMs': round(runs.cold.ms, 0),
      'alerts.warmRunMs': round(runs.warm.ms, 0),
      'alerts.pushesPerMinute': perMinute(runs.pushes, runs.cold.ms),
      'alerts.subscribersDecidedPerMinute': perMinute(runs.subscribers, runs.warm.ms),
      'alerts.cellsPerMinute': perMinute(runs.cells, runs.warm.ms),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

export default bench;
