/**
 * Test helper: read the hand-written fixtures. The SWPC bodies are constructed
 * (constructedSwpc.ts); the recordings live outside the project (recordedFixtures.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
export const HANDWRITTEN_DIR = join(here, '../fixtures/handwritten');

export function handwritten(path: string): string {
  return readFileSync(join(HANDWRITTEN_DIR, path), 'utf8');
}

/** A fixed "now" after every fixture, so dataAge figures are positive and stable. */
export const NOW = Date.UTC(2026, 10, 22, 5, 0, 0);
