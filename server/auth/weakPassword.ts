/**
 * The weak-password rule (spec §5), with GoTrue's reason names so auth-js surfaces them as
 * `AuthWeakPasswordError.reasons`: `length` (under 8 characters), `characters` (missing a
 * lowercase letter, an uppercase letter or a digit), `pwned` (a well-known leaked password).
 */
export type WeakPasswordReason = 'length' | 'characters' | 'pwned';

export const MIN_PASSWORD_LENGTH = 8;

// The most common leaked passwords that would otherwise pass the length and character rules.
const COMMON = new Set([
  'password1', 'password12', 'password123', 'password1234', 'passw0rd', 'p@ssw0rd', 'qwerty123', 'qwertyuiop1',
  'abc12345', 'abcd1234', 'aa123456', 'iloveyou1', 'welcome1', 'welcome123', 'letmein1', 'admin123', 'admin1234',
  'changeme1', 'football1', 'baseball1', 'monkey123', 'dragon123', 'sunshine1', 'princess1', 'trustno1', 'zaq12wsx',
  '1q2w3e4r', '1qaz2wsx', 'qwe12345', 'asdf1234', 'test1234', 'summer2024', 'winter2024', 'aurora123',
]);

const MESSAGES: Record<WeakPasswordReason, string> = {
  length: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
  characters: 'Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.',
  pwned: 'Password is known to be weak and easy to guess, please choose a different one.',
};

export function checkPassword(password: string): { reasons: WeakPasswordReason[]; message: string } {
  const reasons: WeakPasswordReason[] = [];
  if ([...password].length < MIN_PASSWORD_LENGTH) reasons.push('length');
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/[0-9]/.test(password)) reasons.push('characters');
  if (COMMON.has(password.toLowerCase())) reasons.push('pwned');
  return { reasons, message: reasons.map((r) => MESSAGES[r]).join(' ') };
}
