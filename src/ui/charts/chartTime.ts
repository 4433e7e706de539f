/** Whether chart times read in UTC (space-weather convention) or the device's own clock. */
export type ChartTimeZone = 'utc' | 'local';

const FORMATS = new Map<string, Intl.DateTimeFormat>();

/** How finely a chart's times are worth reading: minutes (live feeds) or months (the solar cycle). */
export type ChartTimeStep = 'minute' | 'month';

function format(zone: ChartTimeZone, step: ChartTimeStep): Intl.DateTimeFormat {
  const key = `${zone}:${step}`;
  let f = FORMATS.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      ...(step === 'month'
        ? { month: 'short', year: 'numeric' }
        : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
      ...(zone === 'utc' ? { timeZone: 'UTC' } : {}),
    });
    FORMATS.set(key, f);
  }
  return f;
}

/** "23 Nov, 17:58 UTC" or, in local time, "23 Nov, 18:58"; by month "Nov 2026". */
export function formatChartTime(
  t: number,
  zone: ChartTimeZone,
  step: ChartTimeStep = 'minute',
): string {
  if (!Number.isFinite(t)) return '–';
  if (step === 'month') return format('utc', step).format(t);
  return `${format(zone, step).format(t)}${zone === 'utc' ? ' UTC' : ''}`;
}

/** The axis caption for the time axis: says which clock it reads. */
export function timeAxisLabel(zone: ChartTimeZone): string {
  return zone === 'utc' ? 'Time (UTC)' : 'Time (this device)';
}

const DAY_MS = 86_400_000;

/**
 * Time-axis tick labels in 24-hour en-GB: "18:00" within a day, the date at midnight and on
 * axes spanning more than two days, "2024" on the solar cycle's monthly axis.
 */
export function axisTimeLabels(
  splits: readonly number[],
  zone: ChartTimeZone,
  step: ChartTimeStep = 'minute',
): string[] {
  if (splits.length === 0) return [];
  const span = splits[splits.length - 1]! - splits[0]!;
  const utc = zone === 'utc';
  if (step === 'month' || span > 3 * 365 * DAY_MS)
    return splits.map((t) =>
      String(utc ? new Date(t).getUTCFullYear() : new Date(t).getFullYear()),
    );
  const day = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(utc ? { timeZone: 'UTC' } : {}),
  });
  const clock = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(utc ? { timeZone: 'UTC' } : {}),
  });
  return splits.map((t) => {
    const hm = clock.format(t);
    if (span > 2 * DAY_MS) return day.format(t);
    return hm === '00:00' ? day.format(t) : hm;
  });
}
