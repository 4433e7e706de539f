/**
 * The map page's parts that load on their own, after the first oval: tonight's verdict chunk (a
 * hook, so the page can hold the component and its words), and the panels below the map, each
 * asked for once wanted or scrolled near. None of it is in `/`'s first load.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { TonightVerdictProps, forecastHour, magnetic } from './tonight/TonightVerdict.tsx';
import { SummaryPanel } from './SummaryPanel.tsx';
import { useMapSummary } from './useMapPageData.ts';
import { useNearViewport } from './useNearViewport.ts';
import type { Clock } from '../../lib/clock.ts';

type TonightComponent = ComponentType<TonightVerdictProps>;
type ForecastHourWords = typeof forecastHour;
let tonightChunk: Promise<{
  default: TonightComponent;
  forecastHour: ForecastHourWords;
  magnetic: typeof magnetic;
}> | null = null;

/**
 * The verdict's code (core/tonight + suncalc) as its own chunk, asked for only once the map has
 * painted (`wanted`), so it never weighs on `/`'s first load. It also brings the slider's
 * forecast-hour words, which are needed only once a place has a cloud forecast.
 */
export function useTonightComponent(wanted: boolean): {
  Tonight: TonightComponent | null;
  forecast: ForecastHourWords | null;
  magnetic: typeof magnetic | null;
  error: string | null;
} {
  const [state, setState] = useState<{
    Tonight: TonightComponent | null;
    forecast: ForecastHourWords | null;
    magnetic: typeof magnetic | null;
    error: string | null;
  }>({ Tonight: null, forecast: null, magnetic: null, error: null });
  useEffect(() => {
    if (!wanted || state.Tonight) return;
    let live = true;
    tonightChunk ??= import('./tonight/TonightVerdict.tsx');
    tonightChunk.then(
      (m) =>
        live &&
        setState({
          Tonight: m.default,
          forecast: m.forecastHour,
          magnetic: m.magnetic,
          error: null,
        }),
      (e: unknown) => {
        tonightChunk = null;
        if (live)
          setState({
            Tonight: null,
            forecast: null,
            magnetic: null,
            error: e instanceof Error ? e.message : String(e),
          });
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, state.Tonight]);
  return state;
}

/**
 * The forecasts' track record and the person's last nights: their own chunk (the scoring code and
 * its reads), asked for once the first oval is drawn and the side panels are in, and the person
 * scrolls near it (below the fold on a phone; nothing of it competes with the oval).
 */
const HistoryPanel = lazy(() => import('./HistoryPanel.tsx'));

/**
 * Where a lazy panel below the map goes: its chunk (and the code it pulls in, e.g. the plan's
 * verdict for every night) is asked for once the person scrolls near it, not while `/` loads.
 */
export function NearViewportSlot({ testId, children }: { testId: string; children: ReactNode }) {
  const [ref, near] = useNearViewport();
  return (
    <div ref={ref} data-testid={testId}>
      {near && <Suspense fallback={null}>{children}</Suspense>}
    </div>
  );
}

/** Where the history panel goes: its chunk is asked for once the person scrolls near it. */
export function HistorySlot({ now, clock }: { now: number; clock: Clock }) {
  return (
    <NearViewportSlot testId="history-panel-slot">
      <HistoryPanel now={now} clock={clock} />
    </NearViewportSlot>
  );
}

/** The summary panel with its own reads (useMapSummary says why they are not the page's). */
export function LiveSummaryPanel({ now }: { now: number }) {
  const { summary, loading } = useMapSummary();
  return <SummaryPanel summary={summary} loading={loading} now={now} />;
}

/**
 * The field tools (issue 28) — the 14-night plan, the screen kept on, the after-sunset offer of red
 * light — each its own small chunk, asked for once the first oval is drawn (the plan only once it
 * is scrolled near): none of it weighs on `/`'s first load.
 */
export const NightPlan = lazy(() => import('../plan/NightPlan.tsx'));
export const KeepScreenOn = lazy(() =>
  import('../wakeLock/KeepScreenOn.tsx').then((m) => ({ default: m.KeepScreenOn })),
);
export const NightModeOffer = lazy(() =>
  import('../night/NightModeOffer.tsx').then((m) => ({ default: m.NightModeOffer })),
);
