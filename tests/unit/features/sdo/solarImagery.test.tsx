// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import { writeFeedStatus, writeProducts } from '../../../../sync/write.ts';
import { normalise } from '../../../../core/normalise/index.ts';
import { nextFeedStatus } from '../../../../workers/feedStatus.ts';
import { SolarImagery } from '../../../../src/features/sdo/SolarImagery.tsx';
import { FeedTable } from '../../../../src/features/live-feeds/FeedTable.tsx';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';
import { renderOnDatabase } from '../../../support/dataPage.tsx';
import { UTC_CLOCK } from '../../../../src/lib/clock.ts';

const SLOW = { timeout: 10_000 };
const MIN = 60_000;
const CHANNELS = ['0171', '0193', '0211', '0304', '0131', '1600', 'HMIB', 'HMIIC'];

let db: AuroraDatabase | undefined;
afterEach(async () => {
  cleanup();
  await disposeTestDatabase(db);
  db = undefined;
});

/** The list our sdo-image function gives, normalised and stored as the poller does a minute ago. */
async function storeList(database: AuroraDatabase, times: Record<string, number | null>) {
  const fetchedAt = Date.now() - MIN;
  const body = JSON.stringify(
    CHANNELS.map((channel) => ({
      channel,
      url: `http://localhost:8787/functions/v1/sdo-image/${channel}`,
      time: times[channel] ?? null,
    })),
  );
  const r = normalise('sdo-images', body, { now: fetchedAt });
  if (!r.ok) throw new Error(r.error);
  await writeProducts(database, r.products, { fetchedAt });
  const row = nextFeedStatus(
    null,
    'sdo-images',
    {
      kind: 'success',
      dataTime: r.dataTime,
      etag: '"list-1"',
      lastModified: null,
      schemaDrift: false,
      replay: false,
    },
    fetchedAt,
  );
  await writeFeedStatus(database, row);
  return row;
}

function header(): HTMLElement {
  return screen
    .getByRole('heading', { name: 'Latest images from the Solar Dynamics Observatory' })
    .closest('.panel__head') as HTMLElement;
}

describe('the Sun page tells one story about its pictures', () => {
  it('never dates a list without a single picture by its fetch: the header, like the feed table, says the age is unknown', async () => {
    db = await openTestDatabase();
    const row = await storeList(db, {});
    renderOnDatabase(db, <SolarImagery />);
    await screen.findAllByText('time not known', {}, SLOW);
    await waitFor(() => expect(header().textContent).toContain('age unknown'), SLOW);
    expect(header().textContent).not.toMatch(/ago|just now/);
    cleanup();
    renderOnDatabase(db, <FeedTable feeds={[row]} now={Date.now()} clock={UTC_CLOCK} />);
    const sdo = screen.getByRole('rowheader', { name: 'SDO solar images' }).closest('tr')!;
    expect(within(sdo).getByText('age unknown')).toBeTruthy();
  });

  it('dates the pictures by the newest picture’s own time, the time the feed table shows', async () => {
    db = await openTestDatabase();
    const newest = Date.now() - 20 * MIN;
    await storeList(db, { '0171': newest, HMIB: newest - 40 * MIN });
    renderOnDatabase(db, <SolarImagery />);
    await waitFor(() => expect(header().textContent).toContain('newest picture 20 min ago'), SLOW);
  });
});
