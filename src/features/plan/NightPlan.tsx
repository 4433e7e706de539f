/**
 * "The coming nights": for each saved place, the next 14 nights in one view — darkness window,
 * moon, Kp (3-day forecast, then the 27-day outlook marked low confidence) and tonight's verdict
 * for the place in use — with an .ics of the nights or of tonight's best window, made on the
 * device. A panel on `/` (where saved places live; the spec's routes are fixed), loaded as its own
 * chunk after the map's first paint, from local data only, so it works offline.
 */
import { useMemo, useState } from 'react';
import { planNights, type PlannedNight } from '../../../core/plan/planNights.ts';
import { nightEvents, toIcs, windowEvent } from '../../../core/plan/nightsToIcs.ts';
import { computeVerdict, type Verdict } from '../../../core/tonight/verdict.ts';
import type { TwentySevenDayOutlookData } from '../../../core/normalise/index.ts';
import type { GridSnapshot, ProductRecord } from '../../../core/model.ts';
import { useProduct, type StoredWeather } from '../../../sync/react/index.ts';
import { tonightInputs, type KpForecastProduct } from '../../../core/tonight/tonightInputs.ts';
import type { Clock } from '../../lib/clock.ts';
import { formatClockTime } from '../../lib/format.ts';
import { downloadIcs, icsFileName } from './downloadIcs.ts';
import { useAuth } from '../../auth/useAuth.ts';
import CalendarLink from './CalendarLink.tsx';
import './NightPlan.css';

interface PlanPlace {
  id: string;
  name: string;
  lat: number;
  lon: number;
}

export interface NightPlanProps {
  places: readonly PlanPlace[];
  /** The saved place in use: its night shows tonight's verdict, from the map's own inputs. */
  inUseId: string | null;
  ovation: GridSnapshot | null;
  weather: StoredWeather | null;
  now: number;
  clock: Clock;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Thu 26 Nov" from the night's YYYY-MM-DD (the evening's date at the place). */
function nightLabel(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

function darkText(night: PlannedNight, clock: Clock): string {
  if (night.kind === 'midnight-sun') return 'Midnight sun: never dark';
  if (!night.dark) return 'Never dark enough (white night)';
  return `${formatClockTime(night.dark.from, clock)} – ${formatClockTime(night.dark.to, clock)}`;
}

function moonText(night: PlannedNight, clock: Clock): string {
  const m = night.moon;
  const lit = `${m.phaseName}, ${Math.round(m.illumination * 100)} %`;
  if (m.upAllNight) return `${lit}, up all night`;
  if (m.downAllNight) return `${lit}, down all night`;
  const parts = [
    m.rise !== null ? `rises ${formatClockTime(m.rise, clock)}` : null,
    m.set !== null ? `sets ${formatClockTime(m.set, clock)}` : null,
  ].filter(Boolean);
  return `${lit}${parts.length ? `, ${parts.join(', ')}` : ''}`;
}

function kpText(night: PlannedNight): string {
  if (!night.kp) return 'no forecast yet';
  return night.kp.lowConfidence
    ? `Kp ${night.kp.kp} (27-day outlook, low confidence)`
    : `Kp ${Math.round(night.kp.kp * 10) / 10}`;
}

function PlacePlan({
  place,
  nights,
  now,
  clock,
}: {
  place: PlanPlace;
  nights: PlannedNight[];
  now: number;
  clock: Clock;
}) {
  const [withCoordinates, setWithCoordinates] = useState(false);
  const tonight = nights[0];
  const best =
    tonight?.verdict && tonight.verdict.from !== null && tonight.verdict.to !== null
      ? { from: tonight.verdict.from, to: tonight.verdict.to, level: tonight.verdict.level }
      : null;
  const opts = { includeCoordinates: withCoordinates };
  return (
    <details className="night-plan__place" data-testid="night-plan-place">
      <summary>{place.name}</summary>
      <table className="night-plan__table">
        <caption className="night-plan__caption">
          The next {nights.length} nights at {place.name}, times {clock.name}
        </caption>
        <thead>
          <tr>
            <th scope="col">Night</th>
            <th scope="col">Dark</th>
            <th scope="col">Moon</th>
            <th scope="col">Kp</th>
          </tr>
        </thead>
        <tbody>
          {nights.map((n) => (
            <tr
              key={n.date}
              className={n.kp?.lowConfidence ? 'night-plan__row--outlook' : undefined}
            >
              <th scope="row">
                {nightLabel(n.date)}
                {n.verdict && <span className="night-plan__verdict"> {n.verdict.level}</span>}
              </th>
              <td>{darkText(n, clock)}</td>
              <td>{moonText(n, clock)}</td>
              <td>{kpText(n)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="night-plan__export">
        <label>
          <input
            type="checkbox"
            checked={withCoordinates}
            onChange={(e) => setWithCoordinates(e.target.checked)}
          />{' '}
          Put the place’s coordinates in the calendar
        </label>
        <button
          type="button"
          className="button"
          onClick={() =>
            downloadIcs(
              toIcs(nightEvents(nights, place, opts), { now }, `Aurora nights: ${place.name}`),
              icsFileName(place.name, 'nights'),
            )
          }
        >
          Add these nights to a calendar (.ics)
        </button>
        {best && tonight && (
          <button
            type="button"
            className="button"
            onClick={() =>
              downloadIcs(
                toIcs([windowEvent(tonight, best, place, opts)], { now }, `Aurora: ${place.name}`),
                icsFileName(place.name, 'tonight'),
              )
            }
          >
            Add tonight’s {best.level} window to a calendar
          </button>
        )}
      </div>
    </details>
  );
}

function verdictAt(
  place: PlanPlace,
  now: number,
  ovation: GridSnapshot | null,
  kpForecast: ProductRecord<KpForecastProduct> | null,
  weather: StoredWeather | null,
): Verdict | null {
  try {
    return computeVerdict(tonightInputs({ place, now, ovation, kpForecast, weather }));
  } catch {
    // The map's own verdict line says what went wrong; the plan shows the nights without it.
    return null;
  }
}

export default function NightPlan({
  places,
  inUseId,
  ovation,
  weather,
  now,
  clock,
}: NightPlanProps) {
  const auth = useAuth();
  const kp = useProduct<KpForecastProduct>('kp-forecast');
  const outlook = useProduct<TwentySevenDayOutlookData>('twenty-seven-day-outlook');
  // Recomputed when the hour changes, not every tick of the screen's clock.
  const hour = Math.floor(now / 3_600_000);
  const plans = useMemo(
    () =>
      places.map((place) => ({
        place,
        nights: planNights({
          place,
          now: hour * 3_600_000,
          kpForecast: kp.data?.data?.rows ?? null,
          outlook: outlook.data?.data?.rows ?? null,
          verdict:
            place.id === inUseId
              ? verdictAt(place, hour * 3_600_000, ovation, kp.data, weather)
              : null,
        }),
      })),
    [places, hour, kp.data, outlook.data, inUseId, ovation, weather],
  );
  return (
    <section className="panel night-plan" aria-label="The coming nights" data-testid="night-plan">
      <h2 className="night-plan__title">The coming nights</h2>
      {auth.status === 'signed-in' &&
        auth.user &&
        places.length > 0 &&
        // A wallet session is the app's own (src/auth/ethereumSession.ts), not a Supabase one:
        // the feed's token calls, which need the Supabase JWT, would only answer 401.
        (auth.user.provider === 'ethereum' ? (
          <p className="night-plan__feed-note">
            Calendar links need an account signed in with email or Google.
          </p>
        ) : (
          <CalendarLink places={places} userId={auth.user.id} />
        ))}
      {places.length === 0 ? (
        <p className="night-plan__empty">Save a place to plan its next two weeks of nights.</p>
      ) : (
        plans.map(({ place, nights }) => (
          <PlacePlan key={place.id} place={place} nights={nights} now={now} clock={clock} />
        ))
      )}
    </section>
  );
}
