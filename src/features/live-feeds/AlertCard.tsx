import type { ProductRecord } from '../../../core/model.ts';
import type { AlertData } from '../../../core/normalise/index.ts';
import { formatUtc } from '../../lib/format.ts';

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
export function AlertCard({ alert }: { alert: ProductRecord<AlertData> }) {
  const a = alert.data;
  const validity =
    a.validFrom !== null && a.validTo !== null
      ? `Valid ${formatUtc(a.validFrom)} – ${formatUtc(a.validTo)}`
      : a.beginTime !== null
        ? `Began ${formatUtc(a.beginTime)}`
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
          Issued {formatUtc(alert.issued)}
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
