/**
 * The colours the aurora legend shows, in words, with the probability each marks. The legend and
 * the guides both say them from here, so the text cannot drift from the map: the unit test
 * (tests/unit/features/map/legendColours.test.ts) checks each word against the ramp's colour at its value.
 */
import { MIN_VISIBLE_PERCENT } from './colorRamp.ts';

export const LEGEND_COLOURS = [
  { name: 'blue', percent: MIN_VISIBLE_PERCENT, about: false },
  { name: 'green', percent: 50, about: true },
  { name: 'yellow', percent: 100, about: false },
] as const;

/** "blue is 5 %, green about 50 %, yellow 100 %" */
export function legendColoursText(): string {
  return LEGEND_COLOURS.map(
    (c, i) => `${c.name}${i === 0 ? ' is' : ''} ${c.about ? 'about ' : ''}${c.percent} %`,
  ).join(', ');
}
