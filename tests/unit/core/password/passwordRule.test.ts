import { describe, expect, it } from 'vitest';
import { passwordProblems } from '../../../../core/password/passwordRule.ts';
import {
  approximateClusters,
  visibleCharacters,
} from '../../../../core/password/visibleCharacters.ts';
import { checkPassword } from '../../../../server/auth/weakPassword.ts';
import { passwordHints } from '../../../../src/auth/authMessages.ts';

// Each pads "Ab1" (3 visible characters) with 10 code points a person cannot see (issue 21 item 17).
const PADDING = {
  'combining acute accent U+0301': '\u0301',
  'variation selector-16 U+FE0F': '\ufe0f',
  'Hangul filler U+3164': '\u3164',
  'halfwidth Hangul filler U+FFA0': '\uffa0',
  'Braille pattern blank U+2800': '\u2800',
  'zero-width space U+200B': '\u200b',
  'soft hyphen U+00AD': '\u00ad',
  'tag letter U+E0041': '\u{e0041}',
};

describe('the password rule counts the characters a person sees', () => {
  for (const [name, pad] of Object.entries(PADDING)) {
    it(`does not count ${name} toward the length, on the server and in the page's hints alike`, () => {
      const padded = `Ab1${pad.repeat(10)}`;
      expect(checkPassword(padded).reasons).toEqual(['length']);
      expect(passwordHints(padded)).toEqual(['Use at least 8 characters']);
    });
  }

  it('counts a letter with its combining accents once, and accepts eight of them', () => {
    expect(visibleCharacters('e\u0301\u0301\u0301')).toEqual(['e\u0301\u0301\u0301']);
    expect(passwordProblems('Ab1cde\u0301f\u0301g')).toEqual([]);
    expect(passwordProblems('Ab1cde\u0301\u0301\u0301\u0301')).toEqual(['length']);
  });

  it('counts an emoji family, a flag and a skin-toned hand as one character each', () => {
    expect(visibleCharacters('👨‍👩‍👧🇫🇮👋🏽')).toHaveLength(3);
    expect(passwordProblems('Ab1cd👨‍👩‍👧🇫🇮👋🏽')).toEqual([]);
  });

  it('counts spaces (typed and seen) and characters of other scripts', () => {
    expect(passwordProblems('Ab1 de f')).toEqual([]);
    expect(visibleCharacters('오로라 極光')).toHaveLength(6);
  });

  it('still finds a leaked password padded with invisible characters', () => {
    expect(passwordProblems('Password1\ufe0f\u200b')).toEqual(['pwned']);
  });

  it('does not count a lone surrogate', () => {
    expect(visibleCharacters('Ab1\udfff\ud800')).toEqual(['A', 'b', '1']);
  });
});

describe('without Intl.Segmenter (older browsers), the approximate clusters', () => {
  it('see the same characters as the real grapheme clusters in accents, joiners, emoji, flags and padding', () => {
    for (const text of [
      'Ab1e\u0301\u0301x',
      '👨‍👩‍👧🇫🇮🇸🇪👋🏽',
      `Ab1${Object.values(PADDING).join('')}`,
      `${Object.values(PADDING).join('')}Ab1`,
      'オーロラ 極光 Aurora',
    ])
      expect(visibleCharacters(text, approximateClusters)).toEqual(visibleCharacters(text));
  });
});
