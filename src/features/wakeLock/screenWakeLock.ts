/**
 * Keeping the screen on in the field (the Screen Wake Lock API): a phone on a tripod must not go
 * dark while the map or tonight's verdict is open. The browser releases the lock whenever the
 * page is hidden (another app, the screen off), so it is requested again when the page becomes
 * visible, and released when the user leaves. The browser and document come in as arguments, so
 * the rule is tested against Chromium's real API (tests/e2e) and a plain object alike.
 */
export type WakeLockState =
  /** The browser has no Screen Wake Lock API (Firefox before 126, older Safari, insecure origins). */
  | 'unsupported'
  | 'requesting'
  /** The lock is held: the screen stays on. */
  | 'on'
  /** The page is hidden: the browser let the lock go; it comes back when the page is shown. */
  | 'paused'
  /** The browser refused (battery saver, a permissions policy): the screen may sleep. */
  | 'refused';

interface WakeLockEnv {
  wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinel> } | undefined;
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
}

/** Holds the screen on until the returned function is called; reports each change of state. */
export function holdScreenOn(env: WakeLockEnv, report: (state: WakeLockState) => void): () => void {
  const { wakeLock, document } = env;
  if (!wakeLock) {
    report('unsupported');
    return () => undefined;
  }
  let sentinel: WakeLockSentinel | null = null;
  let stopped = false;
  let pending = false;

  const request = async () => {
    if (stopped || pending || sentinel || document.visibilityState !== 'visible') return;
    pending = true;
    report('requesting');
    try {
      const held = await wakeLock.request('screen');
      if (stopped) {
        await held.release();
        return;
      }
      sentinel = held;
      held.addEventListener('release', () => {
        if (sentinel === held) sentinel = null;
        if (!stopped) report('paused');
      });
      report('on');
    } catch {
      if (!stopped) report('refused');
    } finally {
      pending = false;
    }
  };

  const onVisibility = () => {
    if (document.visibilityState === 'visible') void request();
  };
  document.addEventListener('visibilitychange', onVisibility);
  void request();

  return () => {
    stopped = true;
    document.removeEventListener('visibilitychange', onVisibility);
    const held = sentinel;
    sentinel = null;
    void held?.release().catch(() => undefined);
  };
}
