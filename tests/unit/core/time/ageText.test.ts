import { describe, expect, it } from 'vitest';
import { formatAge as verdictInputAge } from '../../../../core/tonight/formatVerdictLine.ts';
import { formatAge as screenDataAge } from '../../../../src/lib/format.ts';

const min = 60_000;
const hour = 60 * min;

describe('the age of data, one text for every reader', () => {
  it('reads the same in tonight’s verdict (“… old”) as on every screen (“… ago”)', () => {
    for (const age of [
      min,
      4 * min + 59_000,
      59 * min,
      hour,
      90 * min,
      2 * hour + 5 * min,
      47 * hour + 59 * min,
      48 * hour,
      5 * 24 * hour + 3 * hour,
    ]) {
      expect(`${verdictInputAge(age)} ago`).toBe(screenDataAge(age));
    }
  });
});
