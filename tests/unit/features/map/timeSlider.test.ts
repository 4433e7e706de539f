import { describe, expect, it } from 'vitest';
import {
  INITIAL_SLIDER,
  sliderReducer,
  type SliderAction,
  type SliderState,
} from '../../../../src/features/map/timeSlider.ts';

const run = (actions: SliderAction[], from: SliderState = INITIAL_SLIDER) =>
  actions.reduce(sliderReducer, from);

describe('time slider', () => {
  it('shows the newest frame when frames arrive and keeps following new ones', () => {
    const s = run([{ type: 'frames', count: 10 }]);
    expect(s.index).toBe(9);
    expect(run([{ type: 'frames', count: 11 }], s).index).toBe(10);
  });

  it('stays on a frame the user picked while new frames arrive', () => {
    const s = run([
      { type: 'frames', count: 10 },
      { type: 'set', index: 3 },
      { type: 'frames', count: 11 },
    ]);
    expect(s.index).toBe(3);
    expect(s.followLatest).toBe(false);
  });

  it('steps one frame at a time and stops at both ends', () => {
    let s = run([
      { type: 'frames', count: 3 },
      { type: 'step', delta: -1 },
    ]);
    expect(s.index).toBe(1);
    s = run(
      [
        { type: 'step', delta: -1 },
        { type: 'step', delta: -1 },
      ],
      s,
    );
    expect(s.index).toBe(0);
    s = run([{ type: 'step', delta: 5 }], s);
    expect(s.index).toBe(2);
    expect(s.followLatest).toBe(true);
  });

  it('plays from the oldest frame when started at the newest, loops, and stops on pause', () => {
    let s = run([{ type: 'frames', count: 3 }, { type: 'play' }]);
    expect(s).toMatchObject({ index: 0, playing: true });
    s = run([{ type: 'tick' }, { type: 'tick' }, { type: 'tick' }], s);
    expect(s.index).toBe(0);
    s = run([{ type: 'tick' }, { type: 'pause' }, { type: 'tick' }], s);
    expect(s).toMatchObject({ index: 1, playing: false });
  });

  it('cannot play with fewer than two frames, and has no index without frames', () => {
    expect(run([{ type: 'frames', count: 1 }, { type: 'play' }]).playing).toBe(false);
    expect(run([{ type: 'frames', count: 0 }]).index).toBe(-1);
    expect(run([{ type: 'step', delta: 1 }]).index).toBe(-1);
  });

  it('clamps a picked frame when old frames drop out of the 24 h window', () => {
    const s = run([
      { type: 'frames', count: 288 },
      { type: 'set', index: 280 },
      { type: 'frames', count: 200 },
    ]);
    expect(s.index).toBe(199);
  });

  it('jumps back to the newest frame and follows it again', () => {
    const s = run([
      { type: 'frames', count: 5 },
      { type: 'set', index: 1 },
      { type: 'latest' },
      { type: 'frames', count: 6 },
    ]);
    expect(s.index).toBe(5);
  });

  it('runs past the newest frame into the forecast hours, and Latest brings it back to now', () => {
    let s = run([{ type: 'frames', count: 15, latest: 2 }]);
    expect(s).toMatchObject({ index: 2, latest: 2, followLatest: true });
    s = run([{ type: 'step', delta: 1 }], s);
    expect(s).toMatchObject({ index: 3, followLatest: false });
    s = run([{ type: 'set', index: 99 }], s);
    expect(s.index).toBe(14);
    s = run([{ type: 'latest' }], s);
    expect(s).toMatchObject({ index: 2, followLatest: true });
  });

  it('keeps a forecast hour’s distance from now when a new frame arrives', () => {
    const s = run([
      { type: 'frames', count: 15, latest: 2 },
      { type: 'set', index: 5 },
      { type: 'frames', count: 16, latest: 3 },
    ]);
    expect(s.index).toBe(6);
  });

  it('follows the newest frame, not the last forecast hour, while following', () => {
    const s = run([
      { type: 'frames', count: 15, latest: 2 },
      { type: 'frames', count: 16, latest: 3 },
    ]);
    expect(s).toMatchObject({ index: 3, followLatest: true });
  });

  it('counts the moves the slider makes, which the map draws at once, and not the positions frames arriving change', () => {
    let s = run([{ type: 'frames', count: 4 }]);
    expect(s.moves).toBe(0);
    // A new frame while following the newest: the index moves, but no one moved the slider.
    s = run([{ type: 'frames', count: 5 }], s);
    expect(s).toMatchObject({ index: 4, moves: 0 });
    s = run([{ type: 'step', delta: -1 }], s);
    expect(s).toMatchObject({ index: 3, moves: 1 });
    // A step past the end changes nothing, so there is nothing to draw.
    s = run(
      [
        { type: 'set', index: 0 },
        { type: 'step', delta: -1 },
      ],
      s,
    );
    expect(s).toMatchObject({ index: 0, moves: 2 });
    s = run([{ type: 'play' }, { type: 'tick' }, { type: 'pause' }, { type: 'latest' }], s);
    expect(s).toMatchObject({ index: 4, moves: 4 });
  });
});
