import {
  passwordProblems,
  PROBLEM_TEXT,
  type PasswordProblem,
} from '../../core/password/passwordRule.ts';

export { MIN_PASSWORD_LENGTH } from '../../core/password/passwordRule.ts';

/**
 * The weak-password answer, shaped like hosted Auth's so auth-js surfaces it as
 * `AuthWeakPasswordError.reasons`: GoTrue's reason codes `length`, `characters` (a lowercase
 * letter, an uppercase letter or a digit is missing) and `pwned`. The message says each missing
 * thing once, in plain words ("Use at least 8 characters. Add an uppercase letter.").
 * The rule itself is core/password/passwordRule.ts, shared with the page's hints.
 */
export type WeakPasswordReason = 'length' | 'characters' | 'pwned';

const REASON: Record<PasswordProblem, WeakPasswordReason> = {
  length: 'length',
  lowercase: 'characters',
  uppercase: 'characters',
  digit: 'characters',
  pwned: 'pwned',
};

export function checkPassword(password: string): {
  reasons: WeakPasswordReason[];
  message: string;
} {
  const problems = passwordProblems(password);
  const reasons = [...new Set(problems.map((p) => REASON[p]))];
  return { reasons, message: problems.map((p) => `${PROBLEM_TEXT[p]}.`).join(' ') };
}
