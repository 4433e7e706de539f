// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import { writeFeedStatus, writeProducts } from '../../../../sync/write.ts';
import { normalise } from '../../../../core/normalise/index.ts';
import LiveFeedsPage from '../../../../src/features/live-feeds/LiveFeedsPage.tsx';
import { FeedTable } from '../../../../src/features/live-feeds/FeedTable.tsx';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';
import { renderOnDatabase } from '../../../support/dataPage.tsx';
import { feedStatus } from '../../../support/feedStatus.ts';
import { UTC_CLOCK } from '../../../../src/lib/clock.ts';

/** A loaded test machine may take seconds to answer a live query; nothing here times anything. */
const SLOW = { timeout: 10_000 };

let db: AuroraDatabase | undefined;
afterEach(async () => {
  cleanup();
  await disposeTestDatabase(db);
  db = undefined;
});

const DAY = 86_400_000;

describe('ICAO space weather advisories on the Live Feeds screen', () => {
  it('shows each advisory as a card: centre, number, issued, effects with severity, observed and forecast areas', async () => {
    db = await openTestDatabase();
    const r = normalise(
      'icao-advisories',
      readFileSync(join(process.cwd(), 'tests/fixtures/handwritten/icao-advisories.txt'), 'utf8'),
      { now: Date.UTC(2027, 0, 1) },
    );
    if (!r.ok) throw new Error(r.error);
    await writeProducts(db, r.products, { fetchedAt: Date.now() });
    await writeFeedStatus(db, feedStatus('icao-advisories', { dataTime: r.dataTime }));
    renderOnDatabase(db, <LiveFeedsPage />);
    const section = (
      await screen.findByRole(
        'heading',
        { name: 'Space weather advisories for aviation (ICAO)' },
        SLOW,
      )
    ).closest('section')!;
    const cards = await within(section).findAllByRole('article', {}, SLOW);
    expect(cards).toHaveLength(2);
    // Newest first: the radiation advisory of 31 Dec, then the HF/GNSS one of 4 Jul.
    expect(within(cards[0]!).getByRole('heading').textContent).toBe(
      'Radiation at flight level: severe',
    );
    expect(cards[0]!.textContent).toContain('SWPC advisory 2026/48');
    expect(cards[0]!.textContent).toContain('Issued 31 Dec 2026, 18:00 UTC');
    expect(cards[0]!.textContent).toContain('No further advisories.');
    expect(within(cards[1]!).getByRole('heading').textContent).toBe(
      'HF radio: moderate · GNSS (GPS): moderate',
    );
    expect(cards[1]!.textContent).toContain('SWPC advisory 2026/47 (test)');
    const observed = within(cards[1]!).getByRole('rowheader', { name: 'Observed' }).closest('tr')!;
    expect(observed.textContent).toBe('Observed4 Jul 2026, 05:45 UTChigh N, high S latitudes');
    expect(
      within(cards[1]!).getByRole('rowheader', { name: 'Forecast +18 h' }).closest('tr')!
        .textContent,
    ).toContain('none expected');
    expect(await within(section).findByText(/^Current · data from/, {}, SLOW)).toBeTruthy();
  });

  it('says none are stored yet on a device that never fetched them, and that the update failed when offline', async () => {
    db = await openTestDatabase();
    await writeFeedStatus(
      db,
      feedStatus('icao-advisories', {
        lastSuccess: null,
        dataTime: null,
        state: 'error',
        error: 'Network error: Failed to fetch',
      }),
    );
    renderOnDatabase(db, <LiveFeedsPage />);
    const section = (
      await screen.findByRole(
        'heading',
        { name: 'Space weather advisories for aviation (ICAO)' },
        SLOW,
      )
    ).closest('section')!;
    expect(
      await within(section).findByText(
        'No advisories stored yet — they appear after the first successful update.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect(await within(section).findByText(/Update failed/, {}, SLOW)).toBeTruthy();
  });
});

describe('the feed status table', () => {
  it('calls a prediction issued 1,108 days ago stale with its age, not "fresh —"', () => {
    const now = Date.UTC(2026, 10, 23, 17);
    const issued = Date.UTC(2023, 10, 11);
    render(
      <FeedTable
        clock={UTC_CLOCK}
        feeds={[
          feedStatus('predicted-solar-cycle', {
            lastSuccess: now,
            dataTime: issued,
            state: 'fresh',
          }),
        ]}
        now={now}
      />,
    );
    const row = screen.getByRole('rowheader', { name: 'Solar cycle (predicted)' }).closest('tr')!;
    expect(row.textContent).toContain('stale');
    expect(row.textContent).not.toContain('fresh');
    expect(row.textContent).toContain('1108 days ago');
  });

  it('re-judges a row stored as fresh when the screen is opened days later', () => {
    const now = Date.UTC(2026, 10, 23, 17);
    render(
      <FeedTable
        clock={UTC_CLOCK}
        feeds={[
          feedStatus('solar-wind', {
            lastSuccess: now - 3 * DAY,
            dataTime: now - 3 * DAY,
            state: 'fresh',
          }),
        ]}
        now={now}
      />,
    );
    expect(
      screen.getByRole('rowheader', { name: 'Solar wind plasma' }).closest('tr')!.textContent,
    ).toContain('stale');
  });

  it('says the age is unknown for a prediction without an issue time', () => {
    const now = Date.UTC(2026, 10, 23, 17);
    render(
      <FeedTable
        clock={UTC_CLOCK}
        feeds={[
          feedStatus('predicted-solar-cycle', { lastSuccess: now, dataTime: null, state: 'fresh' }),
        ]}
        now={now}
      />,
    );
    const row = screen.getByRole('rowheader', { name: 'Solar cycle (predicted)' }).closest('tr')!;
    expect(row.textContent).toContain('stale');
    expect(row.textContent).toContain('age unknown');
  });
});
