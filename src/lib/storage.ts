/**
 * localStorage that never throws: private modes and full quotas must not break the shell, and
 * a flag that cannot be read counts as unset.
 */
export function readFlag(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeFlag(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the setting lasts for this page only.
  }
}

/** Local-storage flags are the string 'true' when on. */
export function flagIsTrue(key: string): boolean {
  return readFlag(key) === 'true';
}

/** Debug mode: debug routes and overlays exist only while this is on. */
export function isDebugMode(): boolean {
  return flagIsTrue('debug-mode');
}
