/**
 * The time slider's state as a pure reducer: which position is shown (a stored frame, or a forecast
 * hour past the newest frame — timeline.ts), whether it plays, and whether it follows the newest
 * frame as new grids arrive.
 */

/** How long each frame stays on screen while playing. */
export const PLAY_INTERVAL_MS = 600;

export interface SliderState {
  /** Index into the positions (the frames oldest first, then the forecast hours); -1 when there are none. */
  index: number;
  /** Positions: stored frames plus forecast hours ahead. */
  count: number;
  /** The newest frame's position (now); the positions after it are forecast hours. */
  latest: number;
  playing: boolean;
  /** True while the newest frame is shown and no one has moved the slider: new frames are followed. */
  followLatest: boolean;
  /**
   * Counts the slider's moves (a step, a position set, play's ticks, Latest), not the positions'
   * changes as frames arrive: the map draws a move in the task that made it (olmap/useDrawnAtOnce.ts).
   */
  moves: number;
}

export type SliderAction =
  /** The positions changed: `count` in all, the newest frame at `latest` (default: the last). */
  | { type: 'frames'; count: number; latest?: number }
  | { type: 'step'; delta: number }
  | { type: 'set'; index: number }
  | { type: 'tick' }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'latest' };

export const INITIAL_SLIDER: SliderState = {
  index: -1,
  count: 0,
  latest: -1,
  playing: false,
  followLatest: true,
  moves: 0,
};

function clamp(index: number, count: number): number {
  if (count <= 0) return -1;
  return Math.min(count - 1, Math.max(0, Math.round(index)));
}

export function sliderReducer(state: SliderState, action: SliderAction): SliderState {
  const next = positionAfter(state, action);
  return action.type === 'frames' || next.index === state.index
    ? next
    : { ...next, moves: state.moves + 1 };
}

function positionAfter(state: SliderState, action: SliderAction): SliderState {
  switch (action.type) {
    case 'frames': {
      const count = Math.max(0, action.count);
      const latest = Math.min(count - 1, action.latest ?? count - 1);
      // Frames are oldest first, so while following the newest frame we stay on its index.
      // A forecast hour keeps its distance from now as frames arrive; otherwise the slider keeps its
      // index, clamped when the 24 h window drops old frames.
      const index =
        state.followLatest || state.index < 0
          ? latest
          : state.index > state.latest && state.latest >= 0
            ? clamp(latest + (state.index - state.latest), count)
            : clamp(state.index, count);
      return { ...state, count, latest, index, playing: count > 1 && state.playing };
    }
    case 'step': {
      const index = clamp(state.index + action.delta, state.count);
      return { ...state, index, playing: false, followLatest: index === state.latest };
    }
    case 'set': {
      const index = clamp(action.index, state.count);
      return { ...state, index, playing: false, followLatest: index === state.latest };
    }
    case 'tick': {
      if (!state.playing || state.count < 2) return state;
      // Playback loops, so a viewer can watch the last 24 h cycle repeatedly.
      const index = state.index >= state.count - 1 ? 0 : state.index + 1;
      return { ...state, index, followLatest: false };
    }
    case 'play': {
      if (state.count < 2) return state;
      // Starting from the newest frame would show nothing moving: restart from the oldest.
      const index = state.index >= state.count - 1 ? 0 : state.index;
      return { ...state, index, playing: true, followLatest: false };
    }
    case 'pause':
      return { ...state, playing: false };
    case 'latest':
      return { ...state, index: state.latest, playing: false, followLatest: true };
  }
}
