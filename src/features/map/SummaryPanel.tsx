import { Suspense, useState } from 'react';
import { lazyChunk } from './chunkLoader.ts';
import { formatAge, formatSigned } from '../../lib/format.ts';
import type { SpaceWeatherNow, TimedValue } from './mapPageData.ts';

// The small charts (and uPlot, ~25 KB gzip) are not part of `/`'s JS: they load when asked for,
// which can only be after the map has painted. Bytes matter where signal is weak.
const MapPanelCharts = lazyChunk(() => import('../live-feeds/MapPanelCharts.tsx'));

interface Row {
  label: string;
  item: TimedValue;
  format: (v: number) => string;
}

function Value({
  item,
  format,
  now,
}: {
  item: TimedValue;
  format: (v: number) => string;
  now: number;
}) {
  if (item.value === null)
    return <dd className="map-summary__value map-summary__value--missing">No data yet</dd>;
  return (
    <dd className="map-summary__value">
      <span className="map-summary__number">{format(item.value)}</span>
      {item.time !== null && (
        <span className="map-summary__age">
          {' '}
          · <time dateTime={new Date(item.time).toISOString()}>{formatAge(now - item.time)}</time>
        </span>
      )}
    </dd>
  );
}

/** Kp, solar wind, Bz and hemispheric power from the local database, each with its age, as text. */
export function SummaryPanel({
  summary,
  loading,
  now,
}: {
  summary: SpaceWeatherNow;
  loading: boolean;
  now: number;
}) {
  const [trends, setTrends] = useState(false);
  const rows: Row[] = [
    { label: 'Kp index', item: summary.kp, format: (v) => v.toFixed(2).replace(/\.?0+$/, '') },
    { label: 'Solar wind speed', item: summary.speed, format: (v) => `${Math.round(v)} km/s` },
    { label: 'Solar wind density', item: summary.density, format: (v) => `${v.toFixed(1)} p/cm³` },
    {
      label: 'Bz (north–south field)',
      item: summary.bz,
      format: (v) => `${formatSigned(v, 1)} nT${v < 0 ? ' (southward)' : ''}`,
    },
    {
      label: 'Hemispheric power, north',
      item: summary.hemiPowerNorth,
      format: (v) => `${Math.round(v)} GW`,
    },
    {
      label: 'Hemispheric power, south',
      item: summary.hemiPowerSouth,
      format: (v) => `${Math.round(v)} GW`,
    },
  ];
  return (
    <section
      className="map-panel map-summary"
      aria-labelledby="map-summary-title"
      aria-busy={loading}
    >
      <h2 id="map-summary-title" className="map-panel__title">
        Space weather now
      </h2>
      <dl className="map-summary__list">
        {rows.map((row) => (
          <div key={row.label} className="map-summary__row">
            <dt>{row.label}</dt>
            <Value item={row.item} format={row.format} now={now} />
          </div>
        ))}
      </dl>
      <button
        type="button"
        className="button map-summary__trends"
        aria-expanded={trends}
        onClick={() => setTrends((t) => !t)}
      >
        {trends ? 'Hide trends' : 'Show Kp and solar-wind trends'}
      </button>
      {trends ? (
        <Suspense fallback={<p className="map-summary__age">Loading the charts…</p>}>
          <MapPanelCharts now={now} />
        </Suspense>
      ) : null}
    </section>
  );
}
