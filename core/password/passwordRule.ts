import { visibleCharacters } from './visibleCharacters.ts';

/**
 * The password rule (weak passwords are rejected with a list of reasons), in one place for the page's hints and the local auth server
 * (server/auth/weakPassword.ts): at least 8 characters, with a lowercase letter, an uppercase
 * letter and a digit, and not a well-known leaked password. Each problem has one plain sentence.
 * Characters are the ones a person sees (visibleCharacters.ts): invisible padding — control and
 * format characters, stray combining marks, variation selectors, Hangul fillers, the blank Braille
 * cell — is not strength.
 */
export type PasswordProblem = 'length' | 'lowercase' | 'uppercase' | 'digit' | 'pwned';

export const MIN_PASSWORD_LENGTH = 8;

export const PROBLEM_TEXT: Record<PasswordProblem, string> = {
  length: `Use at least ${MIN_PASSWORD_LENGTH} characters`,
  lowercase: 'Add a lowercase letter',
  uppercase: 'Add an uppercase letter',
  digit: 'Add a digit',
  pwned: 'Choose a less common password: this one is on lists of leaked passwords',
};

// The most common leaked passwords that would otherwise pass the length and character rules.
const COMMON = /* @__PURE__ */ new Set([
  'password1',
  'password12',
  'password123',
  'password1234',
  'passw0rd',
  'p@ssw0rd',
  'qwerty123',
  'qwertyuiop1',
  'abc12345',
  'abcd1234',
  'aa123456',
  'iloveyou1',
  'welcome1',
  'welcome123',
  'letmein1',
  'admin123',
  'admin1234',
  'changeme1',
  'football1',
  'baseball1',
  'monkey123',
  'dragon123',
  'sunshine1',
  'princess1',
  'trustno1',
  'zaq12wsx',
  '1q2w3e4r',
  '1qaz2wsx',
  'qwe12345',
  'asdf1234',
  'test1234',
  'summer2024',
  'winter2024',
  'aurora123',
]);

export function passwordProblems(password: string): PasswordProblem[] {
  const counted = visibleCharacters(password);
  // Ignorables inside a cluster (e + U+FE0F) are not part of the word either: "password1" padded is still on the list.
  const text = counted.join('').replace(/[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, '');
  const problems: PasswordProblem[] = [];
  if (counted.length < MIN_PASSWORD_LENGTH) problems.push('length');
  if (!/[a-z]/.test(text)) problems.push('lowercase');
  if (!/[A-Z]/.test(text)) problems.push('uppercase');
  if (!/[0-9]/.test(text)) problems.push('digit');
  if (COMMON.has(text.toLowerCase())) problems.push('pwned');
  return problems;
}
