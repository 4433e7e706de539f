/**
 * The recorded SWPC files live outside the project, in `../shared/fixtures/noaa/` beside the
 * checkout (CI has it; the project commits no agency data). Tests that check a normaliser against
 * a real recording read them from there and skip, with one line saying so, when it is absent.
 * `AURORA_SHARED_FIXTURES` points at another shared fixtures folder (e.g. `/nonexistent` to try the
 * suite without it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// From the project root (vitest's and the scripts' working directory).
const SHARED = process.env.AURORA_SHARED_FIXTURES ?? resolve('..', 'shared', 'fixtures');

/** The recorded SWPC folder, or null when it is not present. */
export function recordedNoaaDir(): string | null {
  const dir = join(SHARED, 'noaa');
  return existsSync(dir) ? dir : null;
}

/** Null when the recordings are present; else prints the one skip line and returns it. */
export function skipWithoutRecordings(): boolean {
  if (recordedNoaaDir() !== null) return false;
  console.log('skipped: ../shared/fixtures/noaa not present');
  return true;
}

/** A recorded file's text (path relative to the noaa folder); only call inside a skipIf block. */
export function recorded(path: string): string {
  const dir = recordedNoaaDir();
  if (dir === null) throw new Error('recorded SWPC fixtures not present (../shared/fixtures/noaa)');
  return readFileSync(join(dir, path), 'utf8');
}
