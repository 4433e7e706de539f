// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../sync/database.ts';
import type { ProductRecord } from '../../../core/model.ts';
import { writeFeedStatus, writeProducts, writeSeries } from '../../../sync/write.ts';
import { normalise } from '../../../core/normalise/index.ts';
import type { AlertData } from '../../../core/normalise/index.ts';
import ForecastPage from '../../../src/features/forecast/ForecastPage.tsx';
import LiveFeedsPage from '../../../src/features/live-feeds/LiveFeedsPage.tsx';
import { disposeTestDatabase, openTestDatabase } from '../../support/testDb.ts';
import { renderOnDatabase } from '../../support/dataPage.tsx';
import { feedStatus } from '../../support/feedStatus.ts';
import { constructed } from '../../support/constructedSwpc.ts';

/** A loaded test machine may take seconds to answer a live query; nothing here times anything. */
const SLOW = { timeout: 10_000 };

let db: AuroraDatabase | undefined;
afterEach(async () => {
  cleanup();
  await disposeTestDatabase(db);
  db = undefined;
});

describe('the forecast screen on the local database', () => {
  it('says honestly that nothing is stored yet', async () => {
    db = await openTestDatabase();
    renderOnDatabase(db, <ForecastPage />);
    await waitFor(
      () =>
        expect(
          screen.getAllByText(
            'No forecast stored yet — it appears after the first successful update.',
          ),
        ).toHaveLength(2),
      SLOW,
    );
    // The outlook is among the parts that join after the first paint (src/ui/InTurn.tsx).
    expect(
      await screen.findByText(
        'No 27-day outlook stored yet — it appears after the first successful update.',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Aurora Forecast');
  });

  it('shows the stored 3-day forecast with its age, live after the poller writes it', async () => {
    db = await openTestDatabase();
    renderOnDatabase(db, <ForecastPage />);
    await screen.findAllByText(/No forecast stored yet/, {}, SLOW);
    const body = constructed('3-day-forecast.txt');
    const result = normalise('three-day-forecast', body, { now: Date.UTC(2025, 0, 1) });
    if (!result.ok) throw new Error(result.error);
    await writeProducts(db, result.products, { fetchedAt: Date.now() });
    await writeFeedStatus(
      db,
      feedStatus('three-day-forecast', { state: 'stale', dataTime: result.products[0]!.issued }),
    );
    expect(await screen.findByText('6.67', { selector: 'strong' }, SLOW)).toBeTruthy();
    expect(screen.getByText(/a strong storm \(G3\)/)).toBeTruthy();
    const panel = screen
      .getByRole('heading', { name: 'Kp forecast — next 3 days' })
      .closest('section')!;
    // The product and its feed status are two live queries: each shows when its own result comes.
    expect(await within(panel).findByText(/Stale · issued \d+ days ago/, {}, SLOW)).toBeTruthy();
    expect(within(panel).getAllByRole('row')).toHaveLength(9);
  });
});

describe('the live feeds screen on the local database', () => {
  it('shows the newest solar wind with its age, the stored alerts and every feed’s state', async () => {
    db = await openTestDatabase();
    const now = Date.now();
    await writeSeries(
      db,
      {
        product: 'solar-wind-plasma',
        t: [now - 120_000, now - 60_000],
        fields: { speed: [640, 655], density: [4, 4.5] },
        source: 'DSCOVR',
      },
      { fetchedAt: now },
    );
    await writeSeries(
      db,
      {
        product: 'solar-wind-mag',
        t: [now - 120_000, now - 60_000],
        fields: { bz: [-8, -11.5] },
        source: 'DSCOVR',
      },
      { fetchedAt: now },
    );
    const alert: ProductRecord<AlertData> = {
      id: 'alert/K06A/1',
      kind: 'alert',
      issued: now - 3_600_000,
      raw: 'ALERT: Geomagnetic K-index of 6',
      data: {
        productId: 'K06A',
        messageCode: 'ALTK06',
        serial: 1,
        type: 'alert',
        title: 'Geomagnetic K-index of 6',
        scale: { kind: 'G', level: 2, label: 'Moderate' },
        validFrom: null,
        validTo: null,
        thresholdReached: now - 3_600_000,
        beginTime: null,
        endTime: null,
      },
    };
    await writeProducts(db, [alert], { fetchedAt: now });
    await writeFeedStatus(db, feedStatus('alerts'));
    await writeFeedStatus(
      db,
      feedStatus('icao-advisories', {
        state: 'error',
        error: 'API error: 503 Service Unavailable',
        dataTime: null,
      }),
    );
    renderOnDatabase(db, <LiveFeedsPage />);
    expect(await screen.findByText('655', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('-11.5')).toBeTruthy();
    expect(screen.getByText(/strongly south/)).toBeTruthy();
    expect(
      await screen.findByRole('heading', { name: 'Geomagnetic K-index of 6' }, SLOW),
    ).toBeTruthy();
    expect(screen.getByText('G2 Moderate')).toBeTruthy();
    expect(await screen.findByText('API error: 503 Service Unavailable', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'ICAO space weather advisories' })).toBeTruthy();
  });
});
