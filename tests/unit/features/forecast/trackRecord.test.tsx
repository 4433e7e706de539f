// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import { writeSeries } from '../../../../sync/write.ts';
import { writeForecastIssues } from '../../../../sync/forecastHistory/forecastHistory.ts';
import type { ForecastIssue } from '../../../../core/verification/forecastIssues.ts';
import ForecastPage from '../../../../src/features/forecast/ForecastPage.tsx';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';
import { renderOnDatabase } from '../../../support/dataPage.tsx';

/** A loaded test machine may take seconds to answer a live query; nothing here times anything. */
const SLOW = { timeout: 10_000 };
const DAY = 86_400_000;
const H = 3_600_000;

let db: AuroraDatabase | undefined;
afterEach(async () => {
  cleanup();
  await disposeTestDatabase(db);
  db = undefined;
});

/** Day k of the last 30 complete UTC days (30 = yesterday). */
const dayOf = (k: number) => Math.floor(Date.now() / DAY) * DAY - DAY + (k - 30) * DAY;

/**
 * What the device holds: SWPC's 3-hourly Kp (2, or 5.33 in the first period of a storm day) and
 * NOAA's forecast for each day, kept from the day before (Kp 2, or 5.33 where a storm was forecast).
 */
async function holdScenario(
  database: AuroraDatabase,
  observedStorms: number[],
  forecastStorms: number[],
) {
  const t: number[] = [];
  const kp: number[] = [];
  for (let k = -26; k <= 30; k++)
    for (let p = 0; p < 8; p++) {
      t.push(dayOf(k) + p * 3 * H);
      kp.push(p === 0 && observedStorms.includes(k) ? 5.33 : 2);
    }
  await writeSeries(
    database,
    {
      product: 'kp-3h',
      t,
      fields: { kp, ap: kp.map(() => null), stations: kp.map(() => 8) },
      source: null,
    },
    { fetchedAt: Date.now() },
  );
  const issues: ForecastIssue[] = [];
  for (let k = 1; k <= 30; k++) {
    const periods = Array.from({ length: 8 }, (_, p) => dayOf(k) + p * 3 * H);
    issues.push({
      source: 'three-day-forecast',
      issued: dayOf(k) - DAY + 12.5 * H,
      t: periods,
      kp: periods.map((_, p) => (p === 0 && forecastStorms.includes(k) ? 5.33 : 2)),
    });
  }
  await writeForecastIssues(database, issues, { fetchedAt: Date.now() });
}

describe('the forecasts’ track record on /forecast', () => {
  it('says in one sentence whether the forecasts beat persistence lately, with the numbers behind it', async () => {
    db = await openTestDatabase();
    await holdScenario(db, [-22, -12, -7, 5, 6, 15, 22], [5, 6, 16, 22, 25]);
    renderOnDatabase(db, <ForecastPage />);
    const verdict = await screen.findByTestId('track-record-verdict', {}, SLOW);
    await waitFor(() => expect(verdict.textContent).toMatch(/^Better than/), SLOW);
    expect(verdict.textContent).toBe(
      'Better than assuming tomorrow is like today over the last 30 days: yes — next-day storm ' +
        '(Kp ≥ 5) forecasts scored HSS 0.61 against 0.13 for persistence, on 30 days with 4 days of storm.',
    );
    const section = screen
      .getByRole('heading', { name: 'How good have the forecasts been?' })
      .closest('section')!;
    const row = within(section).getByRole('rowheader', { name: '30 days' }).closest('tr')!;
    // Days, storm days, POD, FAR, HSS; persistence's and recurrence's HSS.
    expect([...row.querySelectorAll('td')].map((c) => c.textContent)).toEqual([
      '30',
      '4',
      '0.75',
      '0.40',
      '0.61',
      '0.13',
      '0.52',
    ]);
    // Never percent correct: no such column, no cell in percent.
    expect(within(section).queryByRole('columnheader', { name: /correct/i })).toBeNull();
    expect([...section.querySelectorAll('td')].some((c) => c.textContent?.includes('%'))).toBe(
      false,
    );
  });

  it('says so when the device holds no forecast to score yet', async () => {
    db = await openTestDatabase();
    renderOnDatabase(db, <ForecastPage />);
    const verdict = await screen.findByTestId('track-record-verdict', {}, SLOW);
    await waitFor(() => expect(verdict.textContent).toMatch(/^Not enough yet to tell/), SLOW);
  });
});
