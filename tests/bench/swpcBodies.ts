/**
 * The SWPC bodies the benches replay: the recordings in ../shared/fixtures/noaa when present (the
 * figures then mean what they always meant), else the constructed bodies of tests/fixtures/swpc.
 * The bench prints which it used.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordedNoaaDir } from '../support/recordedFixtures.ts';
import { constructed } from '../support/constructedSwpc.ts';
import { STORM_FRAMES, ovationBody } from '../fixtures/swpc/ovation.ts';

/** Recorded names without a constructed file of the same name, and what stands in for them. */
const STAND_INS: Record<string, () => string> = {
  '2026-10-04/alerts.json': () => constructed('alerts.json'),
  'more/2022-04-14/1422Z/ovation_aurora_latest.json': () => ovationBody(STORM_FRAMES[0]),
  'more/2022-04-14/1426Z/ovation_aurora_latest.json': () => ovationBody(STORM_FRAMES[1]),
  'more/2022-04-14/1432Z/ovation_aurora_latest.json': () => ovationBody(STORM_FRAMES[2]),
  'more/2022-04-14/1926Z/ovation_aurora_latest.json': () => ovationBody(STORM_FRAMES[3]),
};

let said = false;

export function benchSwpc(name: string): string {
  const dir = recordedNoaaDir();
  if (!said) {
    said = true;
    console.log(
      dir ? `SWPC bodies: recorded (${dir})` : 'SWPC bodies: constructed (../shared not present)',
    );
  }
  if (dir && existsSync(join(dir, name))) return readFileSync(join(dir, name), 'utf8');
  const standIn = STAND_INS[name];
  return standIn ? standIn() : constructed(name);
}
