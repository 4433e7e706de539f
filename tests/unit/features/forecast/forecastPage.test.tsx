// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import type { FeedStatus, Resource } from '../../../../core/model.ts';
import { writeFeedStatus, writeProducts } from '../../../../sync/write.ts';
import { normalise } from '../../../../core/normalise/index.ts';
import ForecastPage from '../../../../src/features/forecast/ForecastPage.tsx';
import { formatUtcDay } from '../../../../src/lib/format.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';
import { renderOnDatabase } from '../../../support/dataPage.tsx';
import { feedStatus } from '../../../support/feedStatus.ts';
import { constructed } from '../../../support/constructedSwpc.ts';

/** A loaded test machine may take seconds to answer a live query; nothing here times anything. */
const SLOW = { timeout: 10_000 };

let db: AuroraDatabase | undefined;
afterEach(async () => {
  cleanup();
  await disposeTestDatabase(db);
  db = undefined;
});

const fixture = (name: string) => constructed(name);

/** Normalises a constructed SWPC file (tests/fixtures/swpc), stores its products and the feed row the poller would write. */
async function store(
  database: AuroraDatabase,
  resource: Resource,
  file: string,
  patch: Partial<FeedStatus> = {},
) {
  const r = normalise(resource, fixture(file), { now: Date.UTC(2026, 1, 10) });
  if (!r.ok) throw new Error(r.error);
  const now = Date.now();
  await writeProducts(database, r.products, { fetchedAt: now });
  await writeFeedStatus(
    database,
    feedStatus(resource, { lastAttempt: now, lastSuccess: now, dataTime: r.dataTime, ...patch }),
  );
}

function panel(name: string): HTMLElement {
  return screen.getByRole('heading', { name }).closest('section')!;
}

describe('the forecast screen shows what the poller fetched', () => {
  it('shows the 3-day geomagnetic storm probabilities with their age', async () => {
    db = await openTestDatabase();
    await store(db, 'three-day-geomag-forecast', '3-day-geomag-forecast.txt');
    renderOnDatabase(db, <ForecastPage />);
    const minor = await screen.findByRole('rowheader', { name: 'Minor storm (G1)' }, SLOW);
    expect(minor.closest('tr')!.textContent).toBe('Minor storm (G1)20%20%30%');
    expect(
      screen.getByRole('rowheader', { name: 'Strong–extreme storm (G3+)' }).closest('tr')!
        .textContent,
    ).toBe('Strong–extreme storm (G3+)1%40%10%');
    const storms = panel('Storm chances — next 3 days');
    expect(
      within(storms)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Chance of',
      formatUtcDay(Date.UTC(2024, 8, 15)),
      formatUtcDay(Date.UTC(2024, 8, 16)),
      formatUtcDay(Date.UTC(2024, 8, 17)),
    ]);
    // Issued 2024 Sep 14: judged at today's clock, long past its 26 h window.
    expect(await within(storms).findByText(/Stale · issued \d+ days ago/, {}, SLOW)).toBeTruthy();
  });

  it('gives each product’s storm chances their own issue time, dates and age, and names the latitude band of the geomagnetic ones', async () => {
    db = await openTestDatabase();
    await store(db, 'three-day-geomag-forecast', '3-day-geomag-forecast.txt');
    await store(db, 'three-day-forecast', '3-day-forecast.txt');
    renderOnDatabase(db, <ForecastPage />);
    const geomagnetic = await screen.findByTestId('storm-geomagnetic', {}, SLOW);
    const radio = await screen.findByTestId('storm-radiation-radio', {}, SLOW);
    // Issued 14 Sep 2024 22:05 and 31 Dec 2024 12:30 UTC: two issue times, two ages, never one.
    expect(geomagnetic.textContent).toContain(
      'From NOAA’s Geomagnetic Forecast, issued 14 Sept 2024, 22:05 UTC',
    );
    expect(radio.textContent).toContain(
      'From NOAA’s 3-Day Forecast, issued 31 Dec 2024, 12:30 UTC',
    );
    const days = (t: number) => Math.floor((Date.now() - t) / 86_400_000);
    await waitFor(() => {
      expect(geomagnetic.textContent).toContain(
        `issued ${days(Date.UTC(2024, 8, 14, 22, 5))} days ago`,
      );
      expect(radio.textContent).toContain(
        `issued ${days(Date.UTC(2024, 11, 31, 12, 30))} days ago`,
      );
    }, SLOW);
    // Each table over its own dates.
    expect(within(geomagnetic).getAllByRole('columnheader')[1]!.textContent).toBe(
      formatUtcDay(Date.UTC(2024, 8, 15)),
    );
    expect(within(radio).getAllByRole('columnheader')[1]!.textContent).toBe(
      formatUtcDay(Date.UTC(2024, 11, 31)),
    );
    expect(geomagnetic.textContent).toContain('mid latitudes (44°–60° geomagnetic latitude)');
    expect(within(geomagnetic).getByRole('table').querySelector('caption')!.textContent).toBe(
      'Geomagnetic storms at mid latitudes: the chance that planetary Kp reaches each level',
    );
  });

  it('shows the radiation-storm and radio-blackout chances of the 3-day bulletin', async () => {
    db = await openTestDatabase();
    await store(db, 'three-day-forecast', '3-day-forecast.txt');
    renderOnDatabase(db, <ForecastPage />);
    expect(
      await screen.findByRole('rowheader', { name: 'Radiation storm (S1+)' }, SLOW),
    ).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Radio blackout (R3+)' })).toBeTruthy();
  });

  it('says no storm probabilities are stored yet on an empty device', async () => {
    db = await openTestDatabase();
    renderOnDatabase(db, <ForecastPage />);
    expect(
      await screen.findByText(
        'No storm probabilities stored yet — they appear after the first successful update of the geomagnetic forecast.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
  });

  it('shows the Kp forecast from the fresher of the two sources, saying which and how old', async () => {
    db = await openTestDatabase();
    await store(db, 'three-day-forecast', '3-day-forecast.txt');
    await store(db, 'kp-forecast', 'noaa-planetary-k-index-forecast.json');
    renderOnDatabase(db, <ForecastPage />);
    const kp = panel('Kp forecast — next 3 days');
    await waitFor(
      () =>
        expect(
          within(kp).getByText(
            /From the Kp forecast product \(newest observed period 9 Feb 2026, 21:00 UTC\), the fresher of NOAA's two Kp forecasts/,
          ),
        ).toBeTruthy(),
      SLOW,
    );
    expect(
      await within(kp).findByText(/Stale · newest period \d+ days ago/, {}, SLOW),
    ).toBeTruthy();
    expect(within(kp).getAllByRole('row')).toHaveLength(19);
  });

  it('falls back to the bulletin’s Kp breakdown when it is the only Kp forecast', async () => {
    db = await openTestDatabase();
    await store(db, 'three-day-forecast', '3-day-forecast.txt');
    renderOnDatabase(db, <ForecastPage />);
    const kp = panel('Kp forecast — next 3 days');
    await waitFor(
      () =>
        expect(
          within(kp).getByText(/From the 3-day forecast bulletin issued 31 Dec 2024, 12:30 UTC/),
        ).toBeTruthy(),
      SLOW,
    );
  });

  it('gives the solar-cycle prediction the age of its issue, not "fresh"', async () => {
    db = await openTestDatabase();
    await store(db, 'predicted-solar-cycle', 'predicted-solar-cycle.json', {
      dataTime: Date.UTC(2023, 10, 11),
      lastModified: 'Sat, 11 Nov 2023 00:00:00 GMT',
    });
    renderOnDatabase(db, <ForecastPage />);
    // The solar cycle is among the parts that join after the first paint (src/ui/InTurn.tsx).
    const cycle = (await screen.findByRole('heading', { name: 'Solar cycle' }, SLOW)).closest(
      'section',
    )!;
    await waitFor(
      () =>
        expect(within(cycle).getByText(/NOAA prediction:/).textContent).toMatch(
          /^NOAA prediction: Stale · issued \d+ days ago \(starts May 2023\)\.$/,
        ),
      SLOW,
    );
  });
});
