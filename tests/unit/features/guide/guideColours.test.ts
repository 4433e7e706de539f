import { describe, expect, it } from 'vitest';
import { CHECKLIST } from '../../../../src/features/guide/checklist.ts';
import { LEGEND_COLOURS } from '../../../../src/features/map/legendColours.ts';
import { ARTICLES } from '../../../../src/features/news/articles.ts';

const COLOUR_WORDS = [
  'red',
  'green',
  'yellow',
  'blue',
  'purple',
  'pink',
  'orange',
  'violet',
  'white',
];
const LEGEND = new Set<string>(LEGEND_COLOURS.map((c) => c.name));

const ABOUT_THE_MAP = /\boval\b|aurora map|the map\b/i;

/**
 * Sentences about the map's oval (not the sky's colours: "a quiet green arc") and the colour words
 * each uses. A sentence right after one about the map counts too ("Open the map and look at the
 * oval. Green means…").
 */
function mapColourClaims(text: string): { sentence: string; colours: string[] }[] {
  const sentences = text.split(/(?<=[.!?])\s+|\n+/);
  return sentences
    .filter((s, i) => ABOUT_THE_MAP.test(s) || (i > 0 && ABOUT_THE_MAP.test(sentences[i - 1]!)))
    .map((sentence) => ({
      sentence,
      colours: COLOUR_WORDS.filter((w) => new RegExp(`\\b${w}\\b`, 'i').test(sentence)),
    }))
    .filter((c) => c.colours.length > 0);
}

describe('the guides describe the map in the colours its legend shows', () => {
  const texts = [
    ...ARTICLES.map((a) => ({ where: a.slug, text: a.markdown })),
    ...CHECKLIST.map((c) => ({ where: `checklist: ${c.title}`, text: c.text })),
  ];

  it('no guide or article names a colour the map does not paint', () => {
    const wrong = texts.flatMap(({ where, text }) =>
      mapColourClaims(text)
        .filter((c) => c.colours.some((w) => !LEGEND.has(w)))
        .map((c) => `${where}: ${c.sentence}`),
    );
    expect(wrong).toEqual([]);
  });

  it('the guide page says what the colours mean, in the legend’s words', () => {
    const claims = CHECKLIST.flatMap((c) => mapColourClaims(c.text).flatMap((m) => m.colours));
    expect(new Set(claims)).toEqual(LEGEND);
  });
});
