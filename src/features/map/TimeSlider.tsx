import { useEffect, type Dispatch } from 'react';
import { formatClockTime, formatTime } from '../../lib/format.ts';
import type { Clock } from '../../lib/clock.ts';
import type { forecastPositionText } from './forecastHour.tsx';
import { PLAY_INTERVAL_MS, type SliderAction, type SliderState } from './timeSlider.ts';

interface TimeSliderProps {
  state: SliderState;
  dispatch: Dispatch<SliderAction>;
  /** Observation times of the stored frames, oldest first. */
  times: number[];
  /** The cloud-forecast hours after now the slider runs on to (timeline.ts), ascending. */
  ahead?: readonly number[];
  /** Their words (forecastHour.tsx, in the tonight chunk); required with `ahead`. */
  forecastText?: typeof forecastPositionText;
  /** The newest frame's forecast time: its oval is drawn only on the forecast hour it reaches. */
  ovalFor?: number | null;
  /** The screen's one clock (src/lib/clock.ts). */
  clock: Clock;
}

/** What a position is, for the slider's value text and the line under it. */
function positionText(
  index: number,
  times: readonly number[],
  ahead: readonly number[],
  clock: Clock,
  forecastText?: typeof forecastPositionText,
  ovalFor: number | null = null,
): { valueText: string; label: string } {
  const frames = times.length;
  if (frames === 0 && ahead.length === 0)
    return { valueText: 'No frames stored', label: 'No stored frames yet.' };
  const k = index - (frames - 1);
  if (forecastText && k >= 1 && k <= ahead.length)
    return forecastText(ahead[k - 1]!, k, ovalFor, clock);
  const current = times[index];
  if (current === undefined) return { valueText: 'No frames stored', label: '' };
  return {
    valueText: `${formatTime(current, clock)}, frame ${index + 1} of ${frames}`,
    label: `${formatClockTime(current, clock)} — frame ${index + 1} of ${frames}${frames === 1 && ahead.length === 0 ? ' (more frames appear as updates arrive)' : ''}`,
  };
}

/**
 * Steps through the stored grids of the last 24 h, then on into the hours of the stored cloud
 * forecast; a native range input, so arrows, Home and End work, and every position reads out its
 * time and whether it is a stored frame or a forecast hour.
 */
export function TimeSlider({
  state,
  dispatch,
  times,
  ahead = [],
  forecastText,
  ovalFor = null,
  clock,
}: TimeSliderProps) {
  const { index, count, latest, playing, followLatest } = state;
  useEffect(() => {
    if (!playing) return;
    const id = setInterval(() => dispatch({ type: 'tick' }), PLAY_INTERVAL_MS);
    return () => clearInterval(id);
  }, [playing, dispatch]);

  const disabled = count < 2;
  const { valueText, label } = positionText(index, times, ahead, clock, forecastText, ovalFor);
  const onForecast = index > latest && latest >= 0;
  return (
    <section className="time-slider" aria-labelledby="time-slider-title">
      <h2 id="time-slider-title" className="time-slider__title">
        {ahead.length ? `Last 24 hours and the next ${ahead.length} h (forecast)` : 'Last 24 hours'}
      </h2>
      <div className="time-slider__row">
        <button
          type="button"
          className="map-button"
          onClick={() => dispatch({ type: playing ? 'pause' : 'play' })}
          disabled={disabled}
          aria-label={playing ? 'Pause' : 'Play'}
        >
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
        </button>
        <button
          type="button"
          className="map-button"
          onClick={() => dispatch({ type: 'step', delta: -1 })}
          disabled={disabled || index <= 0}
          aria-label="Previous frame"
        >
          <span aria-hidden="true">‹</span>
        </button>
        <input
          type="range"
          className="time-slider__range"
          min={0}
          max={Math.max(0, count - 1)}
          step={1}
          value={Math.max(0, index)}
          disabled={disabled}
          aria-label="Forecast frame"
          aria-valuetext={valueText}
          onChange={(e) => dispatch({ type: 'set', index: Number(e.currentTarget.value) })}
        />
        <button
          type="button"
          className="map-button"
          onClick={() => dispatch({ type: 'step', delta: 1 })}
          disabled={disabled || index >= count - 1}
          aria-label="Next frame"
        >
          <span aria-hidden="true">›</span>
        </button>
        <button
          type="button"
          className="map-button"
          onClick={() => dispatch({ type: 'latest' })}
          disabled={count === 0 || followLatest}
        >
          Latest
        </button>
      </div>
      <p
        className={`time-slider__label${onForecast ? ' time-slider__label--forecast' : ''}`}
        aria-live={playing ? 'off' : 'polite'}
      >
        {label}
      </p>
    </section>
  );
}
