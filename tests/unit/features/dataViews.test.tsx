// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProductRecord } from '../../../core/model.ts';
import { normalise } from '../../../core/normalise/index.ts';
import type {
  AlertData,
  ThreeDayForecastData,
  TwentySevenDayOutlookData,
} from '../../../core/normalise/index.ts';
import { KpBreakdown } from '../../../src/features/forecast/KpBreakdown.tsx';
import { OutlookTable } from '../../../src/features/forecast/OutlookTable.tsx';
import { AlertCard } from '../../../src/features/live-feeds/AlertCard.tsx';
import { formatAge, formatUtc, formatUtcDay } from '../../../src/lib/format.ts';
import { UTC_CLOCK } from '../../../src/lib/clock.ts';
import { constructed } from '../../support/constructedSwpc.ts';

// jsdom replaces import.meta.url's base, so fixtures are found from the project root (vitest's cwd).
const fixture = (name: string) => constructed(name);

function product<T>(resource: Parameters<typeof normalise>[0], file: string): ProductRecord<T> {
  // After every fixture: the normalisers refuse issue times later than `now`.
  const result = normalise(resource, fixture(file), { now: Date.UTC(2026, 10, 22, 5) });
  if (!result.ok) throw new Error(result.error);
  return result.products[0] as ProductRecord<T>;
}

describe('the 3-day Kp breakdown', () => {
  it('shows the bulletin’s 3 days × 8 periods with storm levels, from the constructed SWPC file', () => {
    const forecast = product<ThreeDayForecastData>('three-day-forecast', '3-day-forecast.txt');
    render(<KpBreakdown data={forecast.data} />);
    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['UTC', 'Tue 31 Dec', 'Wed 1 Jan', 'Thu 2 Jan']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(8);
    expect(rows[0]!.textContent).toBe('00–03 UT0.675.00 G13.00');
    expect(rows[5]!.textContent).toBe('15–18 UT6.67 G32.671.67');
    expect(rows[7]!.textContent).toContain('21–00 UT');
    expect(rows[5]!.querySelector('.kp--g3')).not.toBeNull();
  });
});

describe('the 27-day outlook', () => {
  it('lists the days still ahead with Kp, Ap and radio flux', () => {
    const outlook = product<TwentySevenDayOutlookData>(
      'twenty-seven-day-outlook',
      '27-day-outlook.txt',
    );
    const first = outlook.data.rows[0]!;
    render(<OutlookTable data={outlook.data} now={first.day} />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(outlook.data.rows.length);
    expect(rows[0]!.textContent).toBe(
      `${formatUtcDay(first.day)}${first.kp}${first.ap}${first.f107}`,
    );
  });

  it('drops days already past', () => {
    const outlook = product<TwentySevenDayOutlookData>(
      'twenty-seven-day-outlook',
      '27-day-outlook.txt',
    );
    render(<OutlookTable data={outlook.data} now={outlook.data.rows[3]!.day + 3_600_000} />);
    expect(screen.getAllByRole('row').slice(1)).toHaveLength(outlook.data.rows.length - 3);
  });
});

describe('an alert card', () => {
  it('names the bulletin type, scale and validity, and keeps the text as issued', () => {
    const alert: ProductRecord<AlertData> = {
      id: 'alert/K05W/2024-05-10T12:00:00Z',
      kind: 'alert',
      issued: Date.UTC(2024, 4, 10, 12, 0),
      raw: 'WARNING: Geomagnetic K-index of 5 expected',
      data: {
        productId: 'K05W',
        messageCode: 'WARK05',
        serial: 4321,
        type: 'warning',
        title: 'Geomagnetic K-index of 5 expected',
        scale: { kind: 'G', level: 1, label: 'Minor' },
        validFrom: Date.UTC(2024, 4, 10, 12, 0),
        validTo: Date.UTC(2024, 4, 10, 21, 0),
        thresholdReached: null,
        beginTime: null,
        endTime: null,
      },
    };
    render(<AlertCard alert={alert} clock={UTC_CLOCK} />);
    expect(screen.getByText('Warning')).toBeTruthy();
    expect(screen.getByText('G1 Minor')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Geomagnetic K-index of 5 expected' })).toBeTruthy();
    expect(screen.getByText('Valid 10 May 2024, 12:00 UTC – 10 May 2024, 21:00 UTC')).toBeTruthy();
    expect(screen.getByText('WARNING: Geomagnetic K-index of 5 expected')).toBeTruthy();
  });
});

describe('time texts', () => {
  it('say how old a value is in words', () => {
    expect(formatAge(20_000)).toBe('just now');
    expect(formatAge(5 * 60_000)).toBe('5 min ago');
    expect(formatAge(3 * 3_600_000)).toBe('3 h ago');
    expect(formatAge(3 * 86_400_000)).toBe('3 days ago');
  });

  it('give Invalid Date for bad input', () => {
    expect(formatUtc(Number.NaN)).toBe('Invalid Date');
    expect(formatUtc(null)).toBe('Invalid Date');
    expect(formatUtc(Date.UTC(2026, 10, 22, 4, 5))).toBe('22 Nov 2026, 04:05 UTC');
  });
});
