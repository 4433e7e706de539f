/**
 * Verification of a yes/no forecast ("will Kp reach 5 tomorrow?") from its 2 × 2 contingency
 * table. Definitions as in Jolliffe & Stephenson (eds.), "Forecast Verification: A Practitioner's
 * Guide in Atmospheric Science", 2nd ed., Wiley 2012, ch. 3 (binary forecasts), and the WWRP/WGNE
 * Joint Working Group on Forecast Verification Research's page "Forecast verification methods
 * across time and space scales" (https://www.cawcr.gov.au/projects/verification/):
 *
 *                     observed yes   observed no
 *   forecast yes          a (hits)      b (false alarms)
 *   forecast no           c (misses)    d (correct negatives)
 *
 * - POD (probability of detection, hit rate) = a / (a + c): the share of events that were forecast.
 * - FAR (false alarm ratio) = b / (a + b): the share of "yes" forecasts that did not happen.
 * - HSS (Heidke skill score) = 2(ad − bc) / [(a + c)(c + d) + (a + b)(b + d)]: the fraction of
 *   correct forecasts beyond those a random forecast with the same frequencies would get right;
 *   1 perfect, 0 no better than chance, below 0 worse.
 *
 * Never percent correct ((a + d) / n): with storms on a few days in a hundred, "never a storm"
 * scores 97 % and has no skill at all. A score whose denominator is zero is null (undefined, not 0).
 */

export interface ContingencyTable {
  hits: number;
  falseAlarms: number;
  misses: number;
  correctNegatives: number;
}

export interface BinaryScores {
  /** Number of cases (a + b + c + d). */
  cases: number;
  /** Events observed (a + c). */
  events: number;
  pod: number | null;
  far: number | null;
  hss: number | null;
  table: ContingencyTable;
}

/** Counts the pairs of a yes/no forecast and what happened. */
export function tally(pairs: Iterable<{ forecast: boolean; observed: boolean }>): ContingencyTable {
  const t: ContingencyTable = { hits: 0, falseAlarms: 0, misses: 0, correctNegatives: 0 };
  for (const p of pairs) {
    if (p.forecast && p.observed) t.hits++;
    else if (p.forecast) t.falseAlarms++;
    else if (p.observed) t.misses++;
    else t.correctNegatives++;
  }
  return t;
}

const ratio = (num: number, den: number): number | null => (den === 0 ? null : num / den);

/** POD, FAR and HSS of a table (formulas above). */
export function binaryScores(table: ContingencyTable): BinaryScores {
  const { hits: a, falseAlarms: b, misses: c, correctNegatives: d } = table;
  return {
    cases: a + b + c + d,
    events: a + c,
    pod: ratio(a, a + c),
    far: ratio(b, a + b),
    hss: ratio(2 * (a * d - b * c), (a + c) * (c + d) + (a + b) * (b + d)),
    table,
  };
}
