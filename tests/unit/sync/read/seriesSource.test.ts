import { afterEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import { readSeriesColumns } from '../../../../sync/read/readSeriesColumns.ts';
import { writeSeries } from '../../../../sync/write.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';

let db: AuroraDatabase | undefined;
afterEach(async () => {
  await disposeTestDatabase(db);
  db = undefined;
});

const MIN = 60_000;
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 20);

describe('the spacecraft under the solar-wind charts', () => {
  it('is the one the newest day’s samples came from, for bounded and open-ended reads', async () => {
    db = await openTestDatabase();
    await writeSeries(
      db,
      { product: 'solar-wind-mag', t: [T0, T0 + MIN], fields: { bz: [1, 2] }, source: 'ACE' },
      { fetchedAt: T0 + DAY },
    );
    await writeSeries(
      db,
      { product: 'solar-wind-mag', t: [T0 + DAY], fields: { bz: [3] }, source: 'DSCOVR' },
      { fetchedAt: T0 + DAY },
    );
    expect((await readSeriesColumns(db, 'solar-wind-mag', { from: T0, to: T0 + DAY })).source).toBe(
      'DSCOVR',
    );
    expect((await readSeriesColumns(db, 'solar-wind-mag', { from: T0, to: T0 + MIN })).source).toBe(
      'ACE',
    );
    expect(
      (await readSeriesColumns(db, 'solar-wind-mag', { from: 0, to: T0 + 2 * DAY })).source,
    ).toBe('DSCOVR');
  });
});
