/**
 * Clouds per coarse cell (the 0.1° place cell the weather function already caches): asked of the
 * weather function at most once an hour per cell and kept in `alert_cells`, so the sender's own
 * isolates (hosted Supabase starts them cold) never ask MET Norway again, and the asking happens
 * inside the weather function's one upstream budget (weather/upstreamBudget.ts: 20 requests a
 * second for the whole app). A function-to-function call rather than an import: on hosted
 * Supabase each function is its own isolate, so an imported weather service would be a second
 * cache and a second budget.
 */
import {
  cloudsFromWeatherAnswer,
  type CellCloudsValue,
} from '../../../core/alerts/weatherClouds.ts';

export type { CellCloudsValue };

type CloudsAnswer =
  | { ok: true; clouds: CellCloudsValue; source: 'upstream' | 'replay' }
  /** `busy`: the weather function's budget had no token in time (503 + Retry-After). */
  | { ok: false; busy: boolean; error: string };

export type CloudsFetcher = (cell: { lat: number; lon: number }) => Promise<CloudsAnswer>;

/** A cell's clouds are asked again once this old: MET Norway's model runs hourly. */
const CELL_REFRESH_MS = 60 * 60_000;
/** After a failed ask, the cell is asked again this much later (its kept clouds serve meanwhile). */
const CELL_RETRY_MS = 10 * 60_000;

/** Asks the weather function (`GET /functions/v1/weather?lat&lon&radius=0`) for one cell. */
export function weatherFunctionClouds(
  supabaseUrl: string,
  apiKey: string,
  fetchFn: typeof fetch = fetch,
): CloudsFetcher {
  const base = `${supabaseUrl.replace(/\/+$/, '')}/functions/v1/weather`;
  return async ({ lat, lon }) => {
    try {
      const res = await fetchFn(`${base}?lat=${lat}&lon=${lon}&radius=0`, {
        headers: { apikey: apiKey, authorization: `Bearer ${apiKey}`, accept: 'application/json' },
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) {
        await res.body?.cancel();
        return {
          ok: false,
          busy: res.status === 503 && res.headers.has('retry-after'),
          error: `weather answered ${res.status}`,
        };
      }
      return cloudsFromWeatherAnswer(await res.json());
    } catch (e) {
      return {
        ok: false,
        busy: false,
        error: `weather unreachable: ${e instanceof Error ? e.message : String(e)}`,
      };
    }
  };
}

/** Which cells to ask now: never asked or due again, the longest waiting first, at most `max` (pure). */
export function cellsToRefresh(
  cells: readonly { cell: string; fetchedAt: number | null; failed: boolean }[],
  now: number,
  max: number,
): string[] {
  return cells
    .filter(
      (c) =>
        c.fetchedAt === null || now - c.fetchedAt >= (c.failed ? CELL_RETRY_MS : CELL_REFRESH_MS),
    )
    .sort((a, b) => (a.fetchedAt ?? -Infinity) - (b.fetchedAt ?? -Infinity))
    .slice(0, max)
    .map((c) => c.cell);
}
