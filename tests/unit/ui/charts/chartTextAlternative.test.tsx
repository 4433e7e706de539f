// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TimeChart } from '../../../../src/ui/charts/TimeChart.tsx';
import { tableRows } from '../../../../src/ui/charts/ChartTextAlternative.tsx';
import { MAGNETIC_FIELD } from '../../../../src/features/live-feeds/solarWindSpecs.ts';
import { UTC_CLOCK } from '../../../../src/lib/clock.ts';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 23, 12, 0);
// Ten minutes of Bz/Bt with minute 3 missing from the feed and Bt absent at the newest minute.
const t = Array.from({ length: 10 }, (_, i) => T0 + i * MIN).filter((_, i) => i !== 3);
const data = {
  t,
  columns: {
    bz: t.map((_, i) => -1 - i / 10),
    bt: t.map((_, i) => (i === t.length - 1 ? null : 5 + i / 10)),
  },
};
const window = { from: T0, to: T0 + 9 * MIN };

describe('a chart as text', () => {
  it('captions the newest values with their time and age, and how much of the range is missing', () => {
    render(
      <TimeChart
        spec={MAGNETIC_FIELD}
        data={data}
        window={window}
        clock={UTC_CLOCK}
        now={T0 + 14 * MIN}
      />,
    );
    // Without a canvas (jsdom) no plot is attempted: the text stands alone.
    expect(document.querySelector('canvas')).toBeNull();
    expect(screen.getByText(/^Magnetic field:/).textContent).toBe(
      'Magnetic field: Bz -1.8 nT at 23 Nov, 12:09 UTC (5 min ago). 10 % of this range is missing.',
    );
  });

  it('shows the data as a table on demand, newest first, with a dash for a missing value', () => {
    render(
      <TimeChart
        spec={MAGNETIC_FIELD}
        data={data}
        window={window}
        clock={UTC_CLOCK}
        now={T0 + 10 * MIN}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'Bz (nT)', 'Bt (nT)']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(9);
    expect(rows[0]!.textContent).toBe('23 Nov, 12:09 UTC-1.8–');
    expect(screen.getByRole('button', { name: 'Hide table' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it('says so when the range holds no data, instead of showing zeros', () => {
    render(
      <TimeChart
        spec={MAGNETIC_FIELD}
        data={{ t: [], columns: {} }}
        window={window}
        clock={UTC_CLOCK}
        now={T0}
      />,
    );
    expect(screen.getByText('Magnetic field: no data stored for this range.')).toBeTruthy();
  });

  it('keeps a long table readable: at most 120 evenly spaced rows, newest first', () => {
    const long = {
      t: Array.from({ length: 10_080 }, (_, i) => T0 + i * MIN),
      columns: { bz: Array.from({ length: 10_080 }, () => 1) },
    };
    const rows = tableRows(MAGNETIC_FIELD, long);
    expect(rows).toHaveLength(120);
    expect(rows[0]).toBe(10_079);
    expect(rows.every((r, i) => i === 0 || r < rows[i - 1]!)).toBe(true);
  });
});
