/**
 * Test helper: the CONSTRUCTED SWPC bodies (tests/fixtures/swpc/, not agency data) by the
 * product's own file name, the same bytes the space-weather function replays. Built once per
 * test file and kept.
 */
import { REPLAY_BODIES } from '../fixtures/swpc/replayBodies.ts';
import { rtswMagBody } from '../fixtures/swpc/rtswMag.ts';

const EXTRA: Record<string, () => string> = { 'rtsw_mag_1m.json': rtswMagBody };
const built = new Map<string, string>();

export function constructed(name: string): string {
  let body = built.get(name);
  if (body === undefined) {
    const make = REPLAY_BODIES[name] ?? EXTRA[name];
    if (!make) throw new Error(`no constructed SWPC body named ${name}`);
    body = make();
    built.set(name, body);
  }
  return body;
}
