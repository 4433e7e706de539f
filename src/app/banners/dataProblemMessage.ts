/**
 * The API error banner's sentence about the data, decided from the poller's latest report per
 * feed: which products the user is missing, in words, and whether what is on screen is still of
 * use. The per-feed error texts ("Network error: Failed to fetch", "API error: 503 …") are not
 * repeated here: they stay on each feed's row in /debug/api (src/features/debug/FeedStatusTable.tsx).
 */
import type { FeedReport } from '../../lib/apiErrors.ts';
import { formatAge } from '../../lib/format.ts';
import { dataServiceUnreachable } from '../../lib/network/connectionLabel.ts';
import { CORE_FEEDS, bannerRank, bannerWord } from '../../lib/coreFeeds.ts';
import { pollFailureMessage } from '../dataServices.ts';

export interface DataProblem {
  text: string;
  /** Which feeds the sentence is about; Dismiss hides the banner until this changes. */
  key: string;
}

function listInWords(resources: readonly string[]): string {
  const names = [...new Set(resources.map((r) => bannerWord(r) ?? r))];
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * One sentence, or null when there is nothing the banner should say: offline and Go Offline are
 * the connectivity banner's business, secondary feeds show their own failure where they are shown,
 * and a core feed whose stored data is still current only marks its feed (pollFailureMessage).
 * Ages are counted to `now` from when each report arrived.
 */
export function dataProblemMessage(
  reports: readonly FeedReport[],
  conditions: { online: boolean; forcedOffline: boolean },
  now: number,
): DataProblem | null {
  if (!conditions.online || conditions.forcedOffline) return null;
  const missing = reports
    .filter((r) => pollFailureMessage(r, conditions) !== null)
    .sort((a, b) => bannerRank(a.resource) - bannerRank(b.resource));
  if (missing.length === 0) return null;
  const core = reports.filter((r) => CORE_FEEDS.has(r.resource));
  const unreachable = dataServiceUnreachable(reports);
  const old = missing.filter((r) => r.dataAgeMs !== null);
  const none = missing.filter((r) => r.dataAgeMs === null);
  const key = `${unreachable ? 'unreachable:' : ''}${missing.map((r) => r.resource).join(',')}`;
  if (unreachable) {
    const saved = core.filter((r) => r.dataAgeMs !== null);
    if (none.length === 0)
      return {
        key,
        text: "Can't reach the data service. Everything you see is saved on this device, with its age.",
      };
    if (saved.length === 0)
      return {
        key,
        text: "Can't reach the data service, and nothing is saved on this device yet: the map and forecasts appear once it answers.",
      };
    return {
      key,
      text: `Can't reach the data service. What you see is saved on this device, with its age; ${listInWords(none.map((r) => r.resource))} will appear once it answers.`,
    };
  }
  const parts: string[] = [];
  if (old.length > 0) {
    const oldest = Math.max(...old.map((r) => (r.dataAgeMs ?? 0) + Math.max(0, now - r.at)));
    parts.push(
      `Couldn't update ${listInWords(old.map((r) => r.resource))} — showing data from ${formatAge(oldest)}.`,
    );
  }
  if (none.length > 0)
    parts.push(
      `Couldn't load ${listInWords(none.map((r) => r.resource))} — nothing saved on this device yet.`,
    );
  return { key, text: parts.join(' ') };
}
