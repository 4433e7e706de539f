// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../../../sync/database.ts';
import { writeFeedStatus, writeProducts } from '../../../../../sync/write.ts';
import { normalise } from '../../../../../core/normalise/index.ts';
import { dataAgeMs, FRESHNESS } from '../../../../../core/products/freshness.ts';
import { nextFeedStatus } from '../../../../../workers/feedStatus.ts';
import { formatAge } from '../../../../../src/lib/format.ts';
import TonightVerdict from '../../../../../src/features/map/tonight/TonightVerdict.tsx';
import { disposeTestDatabase, openTestDatabase } from '../../../../support/testDb.ts';
import { renderOnDatabase } from '../../../../support/dataPage.tsx';
import { useFeedStatus } from '../../../../../sync/react/index.ts';

/** Shows when the page's feed rows have been read: the verdict's own reads are in by then. */
function FeedRead() {
  const feed = useFeedStatus('kp-forecast', Date.now());
  return feed.data ? <p data-testid="feed-read">{feed.data.lastSuccess}</p> : null;
}
import { TROMSO } from '../../../../support/tonightPlaces.ts';
import { UTC_CLOCK, zoneClock } from '../../../../../src/lib/clock.ts';
import { constructed } from '../../../../support/constructedSwpc.ts';

const SLOW = { timeout: 10_000 };
const DAY = 86_400_000;

let db: AuroraDatabase | undefined;
afterEach(async () => {
  cleanup();
  await disposeTestDatabase(db);
  db = undefined;
});

describe('tonight’s verdict ages its inputs from their data', () => {
  it('calls a Kp forecast whose newest period is 289 days old 289 days old, though it was fetched a minute ago', async () => {
    db = await openTestDatabase();
    const body = constructed('noaa-planetary-k-index-forecast.json');
    // The constructed file's newest observed/estimated period starts 9 Feb 2026, 21:00 UTC.
    const newestKnown = Date.UTC(2026, 1, 9, 21);
    const now = newestKnown + 289 * DAY;
    const fetchedAt = now - 60_000;
    const r = normalise('kp-forecast', body, { now: fetchedAt });
    if (!r.ok) throw new Error(r.error);
    await writeProducts(db, r.products, { fetchedAt });
    // The row the poller writes for that fetch: SWPC answered, its file is as old as it is.
    const row = nextFeedStatus(
      null,
      'kp-forecast',
      {
        kind: 'success',
        dataTime: r.dataTime,
        etag: null,
        lastModified: null,
        schemaDrift: false,
        replay: false,
      },
      fetchedAt,
    );
    await writeFeedStatus(db, row);

    renderOnDatabase(
      db,
      <>
        <TonightVerdict
          place={TROMSO}
          placeName="Tromsø"
          ovation={null}
          weather={null}
          now={now}
          clock={UTC_CLOCK}
        />
        <FeedRead />
      </>,
    );
    await screen.findByTestId('feed-read', {}, SLOW);
    const ages = await screen.findByTestId('tonight-ages', {}, SLOW);
    // The same age the feed row gives the data (core/products/freshness.ts), in the same words.
    const shown = dataAgeMs(row, FRESHNESS['kp-forecast'], now);
    expect(shown).toBe(now - newestKnown);
    await waitFor(
      () => expect(ages.textContent).toContain(`Kp forecast ${formatAge(shown!)}`),
      SLOW,
    );
    expect(ages.textContent).toContain('Kp forecast 289 days ago');
    expect(ages.textContent).not.toContain('Kp forecast 1 min ago');
    // Too old to trust: the line says so instead of judging tonight on it.
    expect(screen.getByTestId('tonight-verdict').textContent).toContain('Kp forecast 289 days ago');
  });

  it('writes its times in the screen’s clock, the zone named after the range and on every half hour', async () => {
    db = await openTestDatabase();
    // 17:00 UTC on 23 Nov: 18:00 in Tromsø, in the polar night.
    const now = Date.UTC(2026, 10, 23, 17, 0);
    const tromso = zoneClock('Europe/Oslo', 'local time at Tromsø');
    renderOnDatabase(
      db,
      <TonightVerdict
        place={TROMSO}
        placeName="Tromsø"
        ovation={null}
        weather={null}
        now={now}
        clock={tromso}
      />,
    );
    const line = await screen.findByRole('button', { name: /tonight: / }, SLOW);
    // Nothing stored: a MAYBE from the first half hour, in Tromsø's time, named.
    expect(line.textContent).toMatch(/^Maybe tonight: 18:00–\d{2}:\d{2} UTC\+1 — /);
    fireEvent.click(line);
    const times = screen.getAllByText(/^\d{2}:\d{2} UTC\+1$/);
    expect(times[0]!.textContent).toBe('18:00 UTC+1');
    expect(times.length).toBeGreaterThan(1);
  });
});
