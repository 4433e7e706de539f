import { readFlag, writeFlag } from './storage.ts';

/** Both consent keys the product uses: older builds wrote one, newer the other. */
export const CONSENT_KEYS = ['cookieConsent', 'cookie-consent'] as const;

export function hasConsent(read: (key: string) => string | null = readFlag): boolean {
  return CONSENT_KEYS.some((key) => read(key) === 'true');
}

/**
 * Cookie consent: when nothing is stored, consent is set to true automatically, and
 * analytics consent is then granted for analytics and ad storage. A stored "false" is respected.
 */
export function ensureConsent(
  read: (key: string) => string | null = readFlag,
  write: (key: string, value: string) => void = writeFlag,
): boolean {
  const stored = CONSENT_KEYS.map((key) => read(key)).find((value) => value !== null);
  if (stored === undefined) {
    for (const key of CONSENT_KEYS) write(key, 'true');
    return true;
  }
  return stored === 'true';
}
