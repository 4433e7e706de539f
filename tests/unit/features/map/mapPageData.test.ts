import { describe, expect, it } from 'vitest';
import type { GridSnapshot } from '../../../../core/model.ts';
import {
  choiceSettled,
  lastValue,
  mapChoicesFrom,
  NO_VALUE,
  openingHome,
  orderFrames,
} from '../../../../src/features/map/mapPageData.ts';

const grid = (t: number): GridSnapshot => ({
  observationTime: t,
  forecastTime: t + 4_200_000,
  width: 360,
  height: 181,
  values: new Uint8Array(65_160),
});

describe('slider frames', () => {
  it('orders frames oldest first and keeps one per observation time', () => {
    const frames = orderFrames([grid(3), grid(1), grid(2), grid(1)], null);
    expect(frames.map((f) => f.observationTime)).toEqual([1, 2, 3]);
  });

  it('adds the newest stored grid even when it is older than the window (offline for days)', () => {
    expect(orderFrames([], grid(5)).map((f) => f.observationTime)).toEqual([5]);
    expect(orderFrames([grid(5), grid(6)], grid(6)).length).toBe(2);
  });
});

describe('newest value of a column', () => {
  it('skips trailing missing samples and returns the value with its time', () => {
    expect(lastValue([10, 20, 30], [5, 7, null])).toEqual({ value: 7, time: 20 });
  });

  it('says there is no value rather than inventing a zero', () => {
    expect(lastValue([10], [null])).toEqual(NO_VALUE);
    expect(lastValue([], undefined)).toEqual(NO_VALUE);
  });
});

describe('a map choice made on this page, until the stored value is the answer again', () => {
  const before = { view: 'flat' };
  const after = { view: 'flat' };
  const chose = { value: '3d', over: 'flat', base: before };

  it('holds while its write is on the way and the page still reads the document it was made over', () => {
    expect(choiceSettled(chose, 'flat', before)).toBe(false);
    expect(choiceSettled({ ...chose, written: true }, 'flat', before)).toBe(false);
  });

  it('gives way once the stored value moves (its own write read back, or a change from elsewhere)', () => {
    expect(choiceSettled(chose, '3d', after)).toBe(true);
    expect(choiceSettled(chose, 'globe', after)).toBe(true);
  });

  it('gives way when its write has finished and a newer document puts the value back (another device’s change read in the same go)', () => {
    expect(choiceSettled({ ...chose, written: true }, 'flat', after)).toBe(true);
    // Before its write finished, a newer document with the old value is not yet the answer.
    expect(choiceSettled(chose, 'flat', after)).toBe(false);
  });
});

describe('the map choices kept beside the early grid', () => {
  const kept = {
    view: '3d',
    mapStyle: 'dark',
    showAurora: false,
    showClouds: true,
    hemisphere: 'south',
  };

  it('reads back choices the page could have made', () => {
    expect(mapChoicesFrom(kept)).toEqual(kept);
    expect(mapChoicesFrom({ ...kept, hemisphere: null })?.hemisphere).toBeNull();
  });

  it('reads none from a missing or damaged value, so the page waits for the stored preferences', () => {
    expect(mapChoicesFrom(null)).toBeNull();
    expect(mapChoicesFrom({ ...kept, view: 'globe' })).toBeNull();
    expect(mapChoicesFrom({ ...kept, showAurora: 'yes' })).toBeNull();
    expect(mapChoicesFrom({ ...kept, hemisphere: 'east' })).toBeNull();
    expect(mapChoicesFrom({ ...kept, mapStyle: 3 })).toBeNull();
  });
});

describe('where the map opens', () => {
  const hobart = { lat: -42.9, lon: 147.3 };
  const tromso = { lat: 69.6, lon: 19 };

  it('goes by the place in use once it is known, whatever was kept', () => {
    expect(openingHome(tromso, false, hobart)).toBe(tromso);
    expect(openingHome(tromso, true, hobart)).toBe(tromso);
  });

  it('opens on the kept place while the place in use is still being read', () => {
    expect(openingHome(null, true, hobart)).toBe(hobart);
    expect(openingHome(null, true, null)).toBeNull();
  });

  it('opens on no place once the database says there is none (a forgotten place stays forgotten)', () => {
    expect(openingHome(null, false, hobart)).toBeNull();
  });
});
