import { Fragment } from 'react';
import type { NightRecord } from '../../core/tonight/nightRecord.ts';
import './NightsList.css';
import { formatClockTime } from '../lib/format.ts';
import type { Clock } from '../lib/clock.ts';

const RANK = { NO: 0, MAYBE: 1, GO: 2 } as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "24 Nov" from the night's YYYY-MM-DD (the evening's date). */
function eveningOf(night: string): string {
  const [, m, d] = night.split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1] ?? ''}`;
}

/** What the verdict said: its level and hours. */
function said(n: NightRecord, clock: Clock): string {
  const hours =
    n.window_from !== null && n.window_to !== null
      ? ` ${formatClockTime(n.window_from, clock)}–${formatClockTime(n.window_to, clock)}`
      : '';
  return n.level === 'NO' ? `said NO${hours ? ` (dark${hours})` : ''}` : `said ${n.level}${hours}`;
}

/** What OVATION saw then, and whether the verdict held. */
function seen(n: NightRecord, now: number): string {
  if (n.outcome === null)
    return n.window_to !== null && n.window_to > now
      ? 'not over yet'
      : n.window_to === null
        ? 'no dark hours to judge'
        : 'not scored yet: it is, the next time the app connects';
  if (n.outcome === 'no-data') return 'no OVATION frame was kept for those hours';
  const held =
    n.outcome === n.level
      ? 'as said'
      : RANK[n.outcome] > RANK[n.level]
        ? 'more than said'
        : 'less than said';
  return `OVATION saw up to ${n.seen_overhead} % overhead, ${n.seen_visible} % in view: ${n.outcome}, ${held}`;
}

/**
 * The person's own last nights: each night's verdict at each of their places as it was kept (the
 * place's name on every line: with several saved places one evening has several lines), and what
 * OVATION saw at the place during the hours it named (core/tonight/nightRecord.ts). `more` counts,
 * per night, the places kept beyond those listed.
 */
export function NightsList({
  nights,
  more = {},
  now,
  clock,
}: {
  nights: readonly NightRecord[];
  more?: Readonly<Record<string, number>>;
  now: number;
  clock: Clock;
}) {
  if (nights.length === 0)
    return (
      <p className="muted small" data-testid="nights-empty">
        No night kept yet: each night’s verdict at each of your places is kept here, and marked
        against what the aurora map saw during its hours.
      </p>
    );
  return (
    <ol className="nights-list" data-testid="nights-list">
      {nights.map((n, i) => {
        const hidden = nights[i + 1]?.night === n.night ? 0 : (more[n.night] ?? 0);
        return (
          <Fragment key={n.id}>
            <li className={`nights-list__night nights-list__night--${n.level.toLowerCase()}`}>
              <strong>{eveningOf(n.night)}</strong> · {n.place_name} · {said(n, clock)} —{' '}
              {seen(n, now)}
            </li>
            {hidden > 0 && (
              <li className="nights-list__more muted small">
                {eveningOf(n.night)} · and {hidden} more {hidden === 1 ? 'place' : 'places'}
              </li>
            )}
          </Fragment>
        );
      })}
    </ol>
  );
}
