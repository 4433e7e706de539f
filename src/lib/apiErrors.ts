import { createStore } from './createStore.ts';

/**
 * The API error banner's state ("API Error Detected", Retry and Dismiss). Any layer that sees a failed request calls
 * reportApiError; whoever owns the request queue registers the retry (failed requests
 * are queued and retried through the banner's Retry button).
 */
export interface ApiErrorState {
  /** Distinct messages since the banner was last cleared, oldest first (not the feeds': see below). */
  messages: readonly string[];
  /** The feeds' problem sentence the user dismissed; the banner stays down until it changes. */
  dismissedProblem: string | null;
  /** A line about the last retry, when it did not clear everything. */
  retryMessage: string | null;
  retrying: boolean;
}

const EMPTY_API_ERRORS: ApiErrorState = {
  messages: [],
  dismissedProblem: null,
  retryMessage: null,
  retrying: false,
};
export const apiErrorStore = createStore<ApiErrorState>(EMPTY_API_ERRORS);

/**
 * The poller's latest report per feed (workers/poller/reportSummary.ts, plus when it arrived). The
 * banner words one sentence from them (src/app/banners/dataProblemMessage.ts) and the connection
 * indicator asks whether the data service answers at all; each error text stays per feed, in
 * /debug/api, instead of being listed in the banner.
 */
export interface FeedReport {
  resource: string;
  outcome: string;
  error: string | null;
  /** Age of the feed's stored data at `at`; null when nothing usable is stored. */
  dataAgeMs: number | null;
  maxAgeMs: number;
  /** When the report arrived, epoch ms. */
  at: number;
}

export const feedReportStore = createStore<Readonly<Record<string, FeedReport>>>({});

export function recordPollReport(report: Omit<FeedReport, 'at'>, at: number): void {
  const { resource, outcome, error, dataAgeMs, maxAgeMs } = report;
  feedReportStore.set({
    ...feedReportStore.get(),
    [resource]: { resource, outcome, error, dataAgeMs, maxAgeMs, at },
  });
}

/** Keeps the banner readable when a feed fails over and over. */
const MAX_MESSAGES = 5;

export type RetryHandler = () => Promise<{ failed: number }>;
/** Several owners retry (the poller re-polls, the request queue replays); Retry runs them all. */
const retryHandlers = new Set<RetryHandler>();

export function reportApiError(message: string): void {
  const state = apiErrorStore.get();
  const text = message.trim() || 'Unknown error occurred.';
  const messages = state.messages.includes(text)
    ? state.messages
    : [...state.messages, text].slice(-MAX_MESSAGES);
  apiErrorStore.set({ ...state, messages });
}

/**
 * Registers something Retry runs; returns a function that unregisters it. Passing null removes
 * every handler (tests, teardown).
 */
export function setRetryHandler(fn: RetryHandler | null): () => void {
  if (fn === null) {
    retryHandlers.clear();
    return () => {};
  }
  retryHandlers.add(fn);
  return () => {
    retryHandlers.delete(fn);
  };
}

/** Dismiss: clears the messages and keeps the feeds' current problem hidden until it changes. */
export function dismissApiErrors(currentProblem: string | null = null): void {
  apiErrorStore.set({ ...EMPTY_API_ERRORS, dismissedProblem: currentProblem });
}

/** The product's banner texts for the outcome of a retry; null means "all clear". */
function retryOutcomeMessage(outcome: { failed: number } | { error: unknown }): string | null {
  if ('error' in outcome) {
    const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
    return `Error retrying requests: ${message}`;
  }
  return outcome.failed > 0 ? 'Some requests still failed. Please try again later.' : null;
}

/** Runs the registered retry and updates the banner with the product's outcome message. */
export async function retryApiErrors(): Promise<void> {
  const handlers = [...retryHandlers];
  apiErrorStore.set({ ...apiErrorStore.get(), retrying: true, retryMessage: null });
  let message: string | null;
  try {
    const results = await Promise.all(handlers.map((handler) => handler()));
    message = retryOutcomeMessage({ failed: results.reduce((sum, r) => sum + r.failed, 0) });
  } catch (error) {
    message = retryOutcomeMessage({ error });
  }
  if (message === null) apiErrorStore.set(EMPTY_API_ERRORS);
  else apiErrorStore.set({ ...apiErrorStore.get(), retrying: false, retryMessage: message });
}
