// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TimeChart } from '../../../../src/ui/charts/TimeChart.tsx';
import { KP_TIMELINE } from '../../../../src/features/forecast/kpTimelineSpec.ts';
import {
  KP_AHEAD_MS,
  KP_BACK_MS,
  kpTimelineData,
} from '../../../../src/features/forecast/kpTimelineData.ts';
import { UTC_CLOCK } from '../../../../src/lib/clock.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const NOW = Date.UTC(2026, 10, 23, 12, 0);
const window = { from: NOW - KP_BACK_MS, to: NOW + KP_AHEAD_MS };

/** Every 3-hour period of the week observed, and every period of the next three days forecast. */
const periods = (from: number, to: number) =>
  Array.from({ length: Math.floor((to - from) / (3 * HOUR)) }, (_, i) => from + i * 3 * HOUR);
const observedT = periods(window.from, NOW - 3 * HOUR);
const observed = { t: observedT, kp: observedT.map(() => 2.33) };
const forecast = periods(NOW, window.to).map((t) => ({ t, kp: 3 }));

function caption(estimatedMinutes: number): string {
  const t = Array.from({ length: estimatedMinutes }, (_, i) => NOW - (i + 1) * MIN).reverse();
  const data = kpTimelineData(observed, { t, kp: t.map(() => 2.67) }, forecast);
  render(
    <TimeChart
      spec={KP_TIMELINE}
      data={data}
      window={window}
      clock={UTC_CLOCK}
      now={NOW}
      marker={{ t: NOW, label: 'now' }}
    />,
  );
  return screen.getByText(/^Kp index:/).textContent ?? '';
}

describe('the Kp chart’s caption', () => {
  it('counts the 1-minute line over the week it claims: a six-hour sliver is not "nothing missing"', () => {
    const text = caption(6 * 60);
    expect(text).not.toContain('Nothing missing');
    // 360 of the week's 10,079 whole minutes before now.
    expect(text).toContain('Missing in this range: Estimated Kp (1 min) 96 %.');
  });

  it('says nothing is missing only when every series it draws covers its part of the range', () => {
    expect(caption(7 * 24 * 60)).toContain('Nothing missing in this range.');
  });
});
