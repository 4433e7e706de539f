import { afterEach, describe, expect, it } from 'vitest';
import { firstValueFrom, filter } from 'rxjs';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import { followGridWindow } from '../../../../sync/grids/gridWindow.ts';
import type { PackedGrid } from '../../../../sync/grids/packedGrid.ts';
import { writeGrid } from '../../../../sync/write.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';
import { loadOvationFixture } from '../../../support/ovationFixture.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
let db: AuroraDatabase | undefined;

afterEach(async () => {
  await disposeTestDatabase(db);
  db = undefined;
});

/** The documents RxDB's cached grid queries still hold. */
function heldByCachedQueries(database: AuroraDatabase): number {
  let held = 0;
  for (const q of database.grids._queryCache._map.values())
    held += (q as { _result: { docsData: unknown[] } | null })._result?.docsData.length ?? 0;
  return held;
}

describe('the slider window of stored frames', () => {
  it('holds its frames packed and no stored document, and slides: new frames in, old ones out', async () => {
    db = await openTestDatabase();
    const fixture = loadOvationFixture();
    let clock = Date.UTC(2026, 10, 27, 3);
    const write = (t: number) =>
      writeGrid(
        db!,
        { ...fixture, observationTime: t, forecastTime: t + 30 * MIN },
        { fetchedAt: t },
      );
    // Two hours of frames, one every 5 min, then a window of one hour over them.
    for (let t = clock - 2 * HOUR + 5 * MIN; t <= clock; t += 5 * MIN) await write(t);
    const seen: PackedGrid[][] = [];
    const sub = followGridWindow(db, HOUR, () => clock).subscribe((f) => seen.push(f));
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]!.map((f) => f.observationTime)).toEqual(
      Array.from({ length: 13 }, (_, i) => clock - HOUR + i * 5 * MIN),
    );
    const packed = seen[0]!.reduce((sum, f) => sum + f.packed.byteLength, 0);
    expect(packed).toBeLessThan((13 * fixture.values.length) / 3);
    expect(heldByCachedQueries(db)).toBe(0);

    clock += 5 * MIN;
    await write(clock);
    const next = await firstValueFrom(
      followGridWindow(db, HOUR, () => clock).pipe(filter((f) => f.length > 0)),
    );
    await expect.poll(() => seen.at(-1)!.at(-1)!.observationTime).toBe(clock);
    // The oldest frame has left the window; the ones still in it are the same objects.
    expect(seen.at(-1)!.length).toBe(13);
    expect(seen.at(-1)![0]).toBe(seen[0]![1]);
    expect(next.map((f) => f.observationTime)).toEqual(seen.at(-1)!.map((f) => f.observationTime));
    expect(seen.at(-1)![5]!.values).toEqual(fixture.values);
    sub.unsubscribe();
  });
});
