/**
 * Chart times in the screen's one clock (src/lib/clock.ts): UTC, or the local time of the place in
 * use, always with its zone. Written by hand from the clock's offset, as src/lib/format.ts writes
 * every other time, so a chart and the text beside it read the same.
 */
import { clockLabel, shifted, type Clock } from '../../lib/clock.ts';
import { MONTHS, pad2 } from '../../lib/format.ts';

/** Whether times read in UTC or in the place's local time: the device's choice (useChartTimeZone). */
export type ChartTimeZone = 'utc' | 'local';

/** How finely a chart's times are worth reading: minutes (live feeds) or months (the solar cycle). */
export type ChartTimeStep = 'minute' | 'month';

const dayText = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
const clockText = (d: Date) => `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;

/** "23 Nov, 17:58 UTC" or "23 Nov, 18:58 UTC+1"; by month "Nov 2026" (a month has no zone worth naming). */
export function formatChartTime(t: number, clock: Clock, step: ChartTimeStep = 'minute'): string {
  if (!Number.isFinite(t)) return '–';
  if (step === 'month') {
    const d = new Date(t);
    return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  }
  const d = shifted(t, clock);
  return `${dayText(d)}, ${clockText(d)} ${clockLabel(t, clock)}`;
}

/** The axis caption for the time axis: says which clock it reads, at `t` (its offset may change with summer time). */
export function timeAxisLabel(clock: Clock, t: number): string {
  const label = clockLabel(t, clock);
  return label === clock.name ? `Time (${label})` : `Time (${label}, ${clock.name})`;
}

const DAY_MS = 86_400_000;

/**
 * Time-axis tick labels in 24-hour en-GB: "18:00" within a day, the date at midnight and on
 * axes spanning more than two days, "2024" on the solar cycle's monthly axis.
 */
export function axisTimeLabels(
  splits: readonly number[],
  clock: Clock,
  step: ChartTimeStep = 'minute',
): string[] {
  if (splits.length === 0) return [];
  const span = splits[splits.length - 1]! - splits[0]!;
  if (step === 'month' || span > 3 * 365 * DAY_MS)
    return splits.map((t) => String(shifted(t, clock).getUTCFullYear()));
  return splits.map((t) => {
    const d = shifted(t, clock);
    const hm = clockText(d);
    if (span > 2 * DAY_MS) return dayText(d);
    return hm === '00:00' ? dayText(d) : hm;
  });
}
