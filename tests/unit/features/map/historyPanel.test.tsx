// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuroraDatabase } from '../../../../sync/database.ts';
import { keepNightRecord } from '../../../../sync/nights/nights.ts';
import type { NightRecord } from '../../../../core/tonight/nightRecord.ts';
import HistoryPanel from '../../../../src/features/map/HistoryPanel.tsx';
import { UTC_CLOCK } from '../../../../src/lib/clock.ts';
import { savePlace } from '../../../../sync/places/places.ts';
import { writeProducts } from '../../../../sync/write.ts';
import { keepPlaceNights } from '../../../../workers/nights/keepPlaceNights.ts';
import { disposeTestDatabase, openTestDatabase } from '../../../support/testDb.ts';
import { renderOnDatabase } from '../../../support/dataPage.tsx';

const SLOW = { timeout: 10_000 };
const H = 3_600_000;
const NOW = Date.parse('2026-11-26T12:00:00Z');

let db: AuroraDatabase | undefined;
afterEach(async () => {
  cleanup();
  await disposeTestDatabase(db);
  db = undefined;
});

function night(day: number, patch: Partial<NightRecord> = {}): NightRecord {
  const evening = Date.parse('2026-11-01T00:00:00Z') + day * 24 * H;
  const date = new Date(evening).toISOString().slice(0, 10);
  return {
    id: `cabin@${date}`,
    place_id: 'cabin',
    place_name: 'Cabin',
    lat: 69.65,
    lon: 18.96,
    night: date,
    level: 'GO',
    window_from: evening + 21 * H,
    window_to: evening + 24.5 * H,
    line: 'Best tonight',
    judged_at: evening + 15 * H,
    outcome: null,
    seen_overhead: null,
    seen_visible: null,
    frames: 0,
    scored_at: null,
    ...patch,
  };
}

describe('your last nights on the map page', () => {
  it('lists the last 10 kept verdicts, newest first, each with what OVATION saw during its hours', async () => {
    db = await openTestDatabase();
    for (let d = 0; d < 12; d++)
      await keepNightRecord(
        db,
        night(
          d,
          d === 11
            ? {}
            : { outcome: 'MAYBE', seen_overhead: 8, seen_visible: 14, frames: 40, scored_at: NOW },
        ),
      );
    await keepNightRecord(db, night(24, { level: 'NO', outcome: 'no-data', scored_at: NOW }));
    renderOnDatabase(db, <HistoryPanel now={NOW} clock={UTC_CLOCK} />);
    const list = await screen.findByTestId('nights-list', {}, SLOW);
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(10), SLOW);
    const lines = [...list.querySelectorAll('li')].map((li) => li.textContent);
    expect(lines[0]).toBe(
      '25 Nov · Cabin · said NO (dark 21:00 UTC–00:30 UTC) — no OVATION frame was kept for those hours',
    );
    expect(lines[1]).toBe(
      '12 Nov · Cabin · said GO 21:00 UTC–00:30 UTC — not scored yet: it is, the next time the app connects',
    );
    expect(lines[2]).toBe(
      '11 Nov · Cabin · said GO 21:00 UTC–00:30 UTC — OVATION saw up to 8 % overhead, 14 % in view: MAYBE, less than said',
    );
    expect(screen.getByTestId('history-panel-verdict').textContent).toMatch(
      /Not enough yet to tell|Scoring/,
    );
  });

  it('lists a second saved place’s night, kept by the worker, without that place ever being opened', async () => {
    db = await openTestDatabase();
    const evening = Date.parse('2026-11-26T12:00:00Z');
    const start = Math.floor(evening / (3 * H)) * 3 * H;
    await writeProducts(
      db,
      [
        {
          id: 'kp-forecast',
          kind: 'kp-forecast',
          issued: evening - H,
          data: { rows: Array.from({ length: 16 }, (_, i) => ({ t: start + i * 3 * H, kp: 5 })) },
          raw: null,
        },
      ],
      { fetchedAt: evening - H },
    );
    await savePlace(db, { name: 'Cabin', lat: 69.65, lon: 18.96, kind: 'picked' }, NOW, 'cabin');
    await savePlace(
      db,
      { name: 'Lake hut', lat: 68.35, lon: 18.83, kind: 'picked' },
      NOW - H,
      'hut',
    );
    // No map is rendered: the worker's pass alone keeps both places' night.
    await keepPlaceNights(db, NOW);
    renderOnDatabase(db, <HistoryPanel now={NOW} clock={UTC_CLOCK} />);
    const list = await screen.findByTestId('nights-list', {}, SLOW);
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(2), SLOW);
    const lines = [...list.querySelectorAll('li')].map((li) => li.textContent ?? '');
    expect(lines.some((l) => l.startsWith('26 Nov · Lake hut · said MAYBE'))).toBe(true);
    expect(lines.some((l) => l.startsWith('26 Nov · Cabin · said'))).toBe(true);
  });

  it('lists the last 10 evenings however many places were kept on each, a few places each and the rest counted', async () => {
    db = await openTestDatabase();
    for (let d = 0; d < 11; d++)
      for (let p = 0; p < 8; p++)
        await keepNightRecord(
          db,
          night(d, {
            id: `place-${p}@${night(d).night}`,
            place_id: `place-${p}`,
            place_name: `Place ${p}`,
            level: p === 7 ? 'GO' : 'NO',
          }),
        );
    renderOnDatabase(db, <HistoryPanel now={NOW} clock={UTC_CLOCK} />);
    const list = await screen.findByTestId('nights-list', {}, SLOW);
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(60), SLOW);
    const lines = [...list.querySelectorAll('li')].map((li) => li.textContent ?? '');
    // Newest evening first, its GO first, then names; the 11th evening is past the last 10.
    expect(lines[0]).toMatch(/^11 Nov · Place 7 · said GO/);
    expect(lines[1]).toMatch(/^11 Nov · Place 0 · said NO/);
    expect(lines[5]).toBe('11 Nov · and 3 more places');
    expect(lines[59]).toBe('2 Nov · and 3 more places');
    expect(lines.some((l) => l.startsWith('1 Nov'))).toBe(false);
  });
});
