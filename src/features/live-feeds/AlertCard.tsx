import type { ProductRecord } from '../../../core/model.ts';
import type { AlertData } from '../../../core/normalise/index.ts';
import { formatTime } from '../../lib/format.ts';
import type { Clock } from '../../lib/clock.ts';

const TYPE_LABEL: Record<AlertData['type'], string> = {
  alert: 'Alert',
  warning: 'Warning',
  watch: 'Watch',
  summary: 'Summary',
  'extended-warning': 'Extended warning',
  cancellation: 'Cancellation',
  other: 'Bulletin',
};

/** One SWPC bulletin: what kind, which scale, when and for how long, and the text as issued. */
export function AlertCard({ alert, clock }: { alert: ProductRecord<AlertData>; clock: Clock }) {
  const a = alert.data;
  const validity =
    a.validFrom !== null && a.validTo !== null
      ? `Valid ${formatTime(a.validFrom, clock)} – ${formatTime(a.validTo, clock)}`
      : a.beginTime !== null
        ? `Began ${formatTime(a.beginTime, clock)}`
        : null;
  return (
    <article className={`alert-card alert-card--${a.type}`}>
      <header className="alert-card__head">
        <span className={`tag tag--${a.type}`}>{TYPE_LABEL[a.type]}</span>
        {a.scale ? (
          <span className={`scale scale--${a.scale.kind}${a.scale.level}`}>
            {a.scale.kind}
            {a.scale.level}
            {a.scale.label ? ` ${a.scale.label}` : ''}
          </span>
        ) : null}
        <time className="muted" dateTime={new Date(alert.issued).toISOString()}>
          Issued {formatTime(alert.issued, clock)}
        </time>
      </header>
      <h3 className="alert-card__title">{a.title || 'Space weather bulletin'}</h3>
      {validity ? <p className="alert-card__validity muted">{validity}</p> : null}
      {alert.raw ? (
        <details className="raw-text">
          <summary>Full text ({a.productId})</summary>
          <pre>{alert.raw}</pre>
        </details>
      ) : null}
    </article>
  );
}
