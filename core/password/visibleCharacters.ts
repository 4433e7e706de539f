/**
 * The characters a person sees in a text: its user-perceived characters (Unicode's extended
 * grapheme clusters, UAX #29 https://www.unicode.org/reports/tr29/), leaving out clusters that
 * show nothing. A cluster shows nothing when every code point in it is one of:
 * - a control (Cc), format (Cf) or lone surrogate (Cs) code point;
 * - a combining mark (M) with no base to sit on (after a base it is part of the base's cluster);
 * - a default-ignorable code point (Default_Ignorable_Code_Point, UAX #44 and
 *   DerivedCoreProperties.txt https://www.unicode.org/Public/UCD/latest/ucd/DerivedCoreProperties.txt;
 *   "render invisibly", The Unicode Standard §5.21): variation selectors such as U+FE0F, zero-width
 *   spaces and joiners, the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, tag characters…;
 * - U+2800 BRAILLE PATTERN BLANK, a symbol with no dots (UnicodeData.txt: So), drawn as an empty cell.
 * So "é" written as e + U+0301 is one character, as is a family emoji joined by zero-width joiners
 * or a flag; ten U+0301 or U+3164 in a row are none. White space counts: a space is typed and seen.
 */

const INVISIBLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{M}\p{Default_Ignorable_Code_Point}\u2800]+$/u;

type Segments = (text: string) => Iterable<string>;

/** Grapheme clusters where the runtime has Intl.Segmenter (Node, every current browser). */
function segmenter(): Segments | null {
  if (typeof Intl === 'undefined' || typeof Intl.Segmenter !== 'function') return null;
  const s = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return (text) => Array.from(s.segment(text), (x) => x.segment);
}

/** Joiners, variation selectors and tag characters: Grapheme_Cluster_Break=Extend, not marks (UAX #29). */
const EXTENDERS: [number, number][] = [
  [0x200c, 0x200d],
  [0xfe00, 0xfe0f],
  [0xe0020, 0xe007f],
  [0xe0100, 0xe01ef],
];

const extendsCluster = (c: string, cp: number) =>
  /^[\p{M}\p{Emoji_Modifier}]$/u.test(c) || EXTENDERS.some(([a, b]) => cp >= a && cp <= b);

/**
 * Without Intl.Segmenter (Firefox before 125): a cluster goes on through marks, joiners, variation
 * selectors, tag characters, emoji modifiers, whatever follows a zero-width joiner and the second
 * regional indicator of a flag. Near enough for the page's hints (Hangul jamo sequences count per
 * jamo); the server's count decides.
 */
export function approximateClusters(text: string): string[] {
  const out: string[] = [];
  let joined = false;
  let openFlag = false;
  for (const c of text) {
    const cp = c.codePointAt(0)!;
    const flag = /^\p{Regional_Indicator}$/u.test(c);
    if (out.length && (joined || (flag && openFlag) || extendsCluster(c, cp)))
      out[out.length - 1] += c;
    else out.push(c);
    openFlag = flag && !openFlag;
    joined = cp === 0x200d;
  }
  return out;
}

let runtimeClusters: Segments | undefined;

export function visibleCharacters(text: string, clusters?: Segments): string[] {
  runtimeClusters ??= segmenter() ?? approximateClusters;
  return Array.from((clusters ?? runtimeClusters)(text)).filter((g) => !INVISIBLE.test(g));
}
