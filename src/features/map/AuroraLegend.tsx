import { MIN_VISIBLE_PERCENT, rampCssGradient } from './colorRamp.ts';
import { legendColoursText } from './legendColours.ts';

const TICKS = [MIN_VISIBLE_PERCENT, 25, 50, 75, 100];
const GRADIENT = rampCssGradient();

/** What the colours mean, readable by eye and by screen readers alike. */
export function AuroraLegend({ hidden }: { hidden: boolean }) {
  return (
    <figure
      className="aurora-legend"
      aria-labelledby="aurora-legend-title"
      aria-describedby="aurora-legend-desc"
    >
      <figcaption id="aurora-legend-title" className="aurora-legend__title">
        Probability of aurora (%)
      </figcaption>
      <div className="aurora-legend__bar" style={{ background: GRADIENT }} aria-hidden="true" />
      <div className="aurora-legend__ticks" aria-hidden="true">
        {TICKS.map((t) => (
          <span
            key={t}
            style={{ left: `${((t - MIN_VISIBLE_PERCENT) / (100 - MIN_VISIBLE_PERCENT)) * 100}%` }}
          >
            {t}
          </span>
        ))}
      </div>
      <p id="aurora-legend-desc" className="aurora-legend__desc">
        The chance of seeing aurora overhead (NOAA OVATION model): {legendColoursText()}. Below
        about {MIN_VISIBLE_PERCENT} % nothing is drawn. The dashed line and the shaded side mark
        night.
        {hidden && ' The aurora layer is switched off.'}
      </p>
    </figure>
  );
}
