/** Whether chart times read in UTC (space-weather convention) or the device's own clock. */
export type ChartTimeZone = 'utc' | 'local';

const FORMATS = new Map<string, Intl.DateTimeFormat>();

function format(zone: ChartTimeZone, withDate: boolean): Intl.DateTimeFormat {
  const key = `${zone}:${withDate}`;
  let f = FORMATS.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      ...(withDate ? { day: 'numeric', month: 'short' } : {}),
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      ...(zone === 'utc' ? { timeZone: 'UTC' } : {}),
    });
    FORMATS.set(key, f);
  }
  return f;
}

/** "23 Nov, 17:58 UTC" or, in local time, "23 Nov, 18:58". */
export function formatChartTime(t: number, zone: ChartTimeZone): string {
  if (!Number.isFinite(t)) return '–';
  return `${format(zone, true).format(t)}${zone === 'utc' ? ' UTC' : ''}`;
}

/** The axis caption for the time axis: says which clock it reads. */
export function timeAxisLabel(zone: ChartTimeZone): string {
  return zone === 'utc' ? 'Time (UTC)' : 'Time (this device)';
}
