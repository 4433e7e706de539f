import { useEffect, type Dispatch } from 'react';
import { formatUtc, formatUtcClock } from '../../lib/format.ts';
import { PLAY_INTERVAL_MS, type SliderAction, type SliderState } from './timeSlider.ts';

interface TimeSliderProps {
  state: SliderState;
  dispatch: Dispatch<SliderAction>;
  /** Observation times of the stored frames, oldest first. */
  times: number[];
}

/** Steps through the stored grids of the last 24 h; a native range input, so arrows, Home and End work. */
export function TimeSlider({ state, dispatch, times }: TimeSliderProps) {
  const { index, count, playing, followLatest } = state;
  useEffect(() => {
    if (!playing) return;
    const id = setInterval(() => dispatch({ type: 'tick' }), PLAY_INTERVAL_MS);
    return () => clearInterval(id);
  }, [playing, dispatch]);

  const current = times[index];
  const disabled = count < 2;
  const valueText =
    current === undefined
      ? 'No frames stored'
      : `${formatUtc(current)}, frame ${index + 1} of ${count}`;
  return (
    <section className="time-slider" aria-labelledby="time-slider-title">
      <h2 id="time-slider-title" className="time-slider__title">
        Last 24 hours
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
      <p className="time-slider__label" aria-live={playing ? 'off' : 'polite'}>
        {count === 0
          ? 'No stored frames yet.'
          : `${current === undefined ? '' : formatUtcClock(current)} — frame ${index + 1} of ${count}${count === 1 ? ' (more frames appear as updates arrive)' : ''}`}
      </p>
    </section>
  );
}
