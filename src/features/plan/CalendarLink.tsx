/**
 * "Subscribe in your calendar" (signed-in only): per saved place a `webcal://` URL a calendar app
 * follows — the same 14 nights as the .ics download, refreshed by the backend as the forecasts
 * change — with a copy button, and "Reset link", which makes new URLs and stops the old ones.
 * No texts for it in the product spec; plain words.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatUtc } from '../../lib/format.ts';
import { browserCalendarLinkDeps } from './browserCalendarLink.ts';
import {
  makeCalendarLink,
  readCalendarLink,
  webcalUrl,
  type CalendarLinkDeps,
  type CalendarLinkState,
} from './calendarLink.ts';

interface LinkPlace {
  id: string;
  name: string;
}

export interface CalendarLinkProps {
  places: readonly LinkPlace[];
  userId: string;
  /** The backend calls; the browser's by default. */
  deps?: CalendarLinkDeps;
}

const RESET_NOTE =
  'Reset link makes new links; calendars following the old ones stop updating. Anyone who has a link can see that place’s nights.';

async function copy(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API (or no permission): select the text so the person can copy it themselves.
    input?.select();
    return false;
  }
}

function PlaceLink({ place, url }: { place: LinkPlace; url: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const input = useRef<HTMLInputElement>(null);
  return (
    <li className="night-plan__feed-place">
      <span className="night-plan__feed-name">{place.name}</span>
      <input
        ref={input}
        className="night-plan__feed-url"
        readOnly
        value={url}
        aria-label={`Calendar link for ${place.name}`}
        onFocus={(e) => e.currentTarget.select()}
      />
      <button
        type="button"
        className="button"
        aria-label={`Copy the calendar link for ${place.name}`}
        onClick={() => void copy(url, input.current).then(setCopied)}
      >
        Copy
      </button>
      <a href={url}>Open in your calendar app</a>
      {copied !== null && (
        <span role="status" className="night-plan__feed-note">
          {copied ? 'Copied.' : 'Selected: copy it with your keyboard or menu.'}
        </span>
      )}
    </li>
  );
}

export default function CalendarLink({ places, userId, deps }: CalendarLinkProps) {
  const linkDeps = useMemo(() => deps ?? browserCalendarLinkDeps(), [deps]);
  const [state, setState] = useState<CalendarLinkState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    readCalendarLink(linkDeps, userId).then(
      (s) => live && setState(s),
      () => live && setError('The calendar link cannot be checked just now (offline?).'),
    );
    return () => {
      live = false;
    };
  }, [linkDeps, userId]);

  const make = () => {
    setBusy(true);
    setError(null);
    makeCalendarLink(linkDeps, userId)
      .then(setState, (e: unknown) =>
        setError(
          `The calendar link could not be made: ${e instanceof Error ? e.message : String(e)}`,
        ),
      )
      .finally(() => setBusy(false));
  };

  return (
    <section className="night-plan__feed" aria-label="Subscribe in your calendar">
      <h3 className="night-plan__feed-title">Subscribe in your calendar</h3>
      {state?.kind === 'none' && (
        <>
          <p className="night-plan__feed-note">
            Your calendar app can follow each saved place’s nights, updated as the forecasts change.
          </p>
          <button type="button" className="button" disabled={busy} onClick={make}>
            Subscribe in your calendar
          </button>
        </>
      )}
      {state?.kind === 'kept' && (
        <>
          <ul className="night-plan__feed-places">
            {places.map((p) => (
              <PlaceLink
                key={p.id}
                place={p}
                url={webcalUrl(linkDeps.functionsBase, state.token, p.id)}
              />
            ))}
          </ul>
          <p className="night-plan__feed-note">{RESET_NOTE}</p>
          <button type="button" className="button" disabled={busy} onClick={make}>
            Reset link
          </button>
        </>
      )}
      {state?.kind === 'elsewhere' && (
        <>
          <p className="night-plan__feed-note">
            You made a calendar link on another device ({formatUtc(Date.parse(state.createdAt))}).
            This device cannot show it: reset it to get new links here. {RESET_NOTE}
          </p>
          <button type="button" className="button" disabled={busy} onClick={make}>
            Reset link
          </button>
        </>
      )}
      {error && (
        <p role="alert" className="night-plan__feed-note">
          {error}
        </p>
      )}
    </section>
  );
}
