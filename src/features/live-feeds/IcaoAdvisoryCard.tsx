import type { ProductRecord } from '../../../core/model.ts';
import type { IcaoAdvisoryData, SwxArea, SwxEffect } from '../../../core/normalise/index.ts';
import { formatTime } from '../../lib/format.ts';
import type { Clock } from '../../lib/clock.ts';

const EFFECT_WORD: Record<SwxEffect['type'], string> = {
  'HF COM': 'HF radio',
  SATCOM: 'Satellite radio',
  GNSS: 'GNSS (GPS)',
  RADIATION: 'Radiation at flight level',
};

const SEVERITY_WORD: Record<SwxEffect['severity'], string> = { MOD: 'moderate', SEV: 'severe' };

const BAND_WORD: Record<string, string> = {
  HNH: 'high N',
  MNH: 'mid N',
  EQN: 'equator N',
  EQS: 'equator S',
  MSH: 'mid S',
  HSH: 'high S',
};

/** An area line in words: "high N, high S latitudes" / "none expected" / "not available". */
function areaInWords(area: SwxArea): string {
  if (area.noneExpected) return 'none expected';
  if (area.notAvailable) return 'not available';
  const bands = area.bands.map((b) => BAND_WORD[b] ?? b).join(', ');
  const where = area.daylightSide ? 'day side' : bands ? `${bands} latitudes` : area.text;
  return where || area.text;
}

/**
 * One ICAO space weather advisory for aviation: centre, number, issue time, effects with their
 * severity, where it is observed and forecast, and the text as issued.
 */
export function IcaoAdvisoryCard({
  advisory,
  clock,
}: {
  advisory: ProductRecord<IcaoAdvisoryData>;
  clock: Clock;
}) {
  const a = advisory.data;
  const severe = a.effects.some((e) => e.severity === 'SEV');
  const observed = a.areas.find((x) => x.offsetHours === 0);
  const forecasts = a.areas.filter((x) => x.offsetHours > 0);
  return (
    <article className={`alert-card alert-card--${severe ? 'warning' : 'watch'}`}>
      <header className="alert-card__head">
        <span className={`tag tag--${severe ? 'warning' : 'watch'}`}>
          {severe ? 'Severe' : 'Moderate'}
        </span>
        <span>
          {a.swxc} advisory {a.advisoryNumber}
          {a.status ? ` (${a.status.toLowerCase()})` : ''}
        </span>
        <time className="muted" dateTime={new Date(advisory.issued).toISOString()}>
          Issued {formatTime(advisory.issued, clock)}
        </time>
      </header>
      <h3 className="alert-card__title">
        {a.effects.length > 0
          ? a.effects.map((e) => `${EFFECT_WORD[e.type]}: ${SEVERITY_WORD[e.severity]}`).join(' · ')
          : a.effectText}
      </h3>
      <div className="table-scroll">
        <table className="outlook-table">
          <caption className="visually-hidden">Where the effects are observed and forecast</caption>
          <tbody>
            {[...(observed ? [observed] : []), ...forecasts].map((x) => (
              <tr key={x.offsetHours}>
                <th scope="row">
                  {x.offsetHours === 0 ? 'Observed' : `Forecast +${x.offsetHours} h`}
                </th>
                <td>{x.time !== null ? formatTime(x.time, clock) : '—'}</td>
                <td>{areaInWords(x)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {a.remark ? <p className="muted small">{a.remark}</p> : null}
      <p className="muted small">
        {a.noFurtherAdvisories
          ? 'No further advisories.'
          : a.nextAdvisory !== null
            ? `Next advisory ${formatTime(a.nextAdvisory, clock)}.`
            : null}
      </p>
      {advisory.raw ? (
        <details className="raw-text">
          <summary>Full text as issued</summary>
          <pre>{advisory.raw}</pre>
        </details>
      ) : null}
    </article>
  );
}
