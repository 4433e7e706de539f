/**
 * The map page's parts that load on their own, after the first oval: tonight's verdict chunk (a
 * hook, so the page can hold the component and its words), and the panels below the map, each
 * asked for once wanted or scrolled near. None of it is in `/`'s first load.
 */
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { chunkLoader, lazyChunk, useChunk } from './chunkLoader.ts';
import type { TonightVerdictProps, forecastHour, magnetic } from './tonight/TonightVerdict.tsx';
import { SummaryPanel } from './SummaryPanel.tsx';
import { useMapSummary } from './useMapPageData.ts';
import { useNearViewport } from './useNearViewport.ts';
import type { Clock } from '../../lib/clock.ts';

const tonightChunk = chunkLoader(() => import('./tonight/TonightVerdict.tsx'));

/**
 * The verdict's code (core/tonight + suncalc) as its own chunk, asked for only once the map has
 * painted (`wanted`), so it never weighs on `/`'s first load. It also brings the slider's
 * forecast-hour words, which are needed only once a place has a cloud forecast.
 */
export function useTonightComponent(wanted: boolean): {
  Tonight: ComponentType<TonightVerdictProps> | null;
  forecast: typeof forecastHour | null;
  magnetic: typeof magnetic | null;
  error: string | null;
} {
  const { module, error } = useChunk(tonightChunk, wanted);
  return {
    Tonight: module?.default ?? null,
    forecast: module?.forecastHour ?? null,
    magnetic: module?.magnetic ?? null,
    error,
  };
}

/**
 * The forecasts' track record and the person's last nights: their own chunk (the scoring code and
 * its reads), asked for once the first oval is drawn and the side panels are in, and the person
 * scrolls near it (below the fold on a phone; nothing of it competes with the oval).
 */
const HistoryPanel = lazyChunk(() => import('./HistoryPanel.tsx'));

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
export const NightPlan = lazyChunk(() => import('../plan/NightPlan.tsx'));
export const KeepScreenOn = lazyChunk(() =>
  import('../wakeLock/KeepScreenOn.tsx').then((m) => ({ default: m.KeepScreenOn })),
);
export const NightModeOffer = lazyChunk(() =>
  import('../night/NightModeOffer.tsx').then((m) => ({ default: m.NightModeOffer })),
);
