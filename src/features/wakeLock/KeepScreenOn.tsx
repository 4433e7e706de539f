/**
 * Keeps the screen on while the screen it sits in is open (the map with tonight's verdict), and
 * says in one line whether it can: plainly, where the browser has no wake lock.
 */
import { useEffect, useState } from 'react';
import { holdScreenOn, type WakeLockState } from './screenWakeLock.ts';
import './KeepScreenOn.css';

const TEXT: Record<WakeLockState, string> = {
  unsupported:
    'This browser cannot keep the screen on: set a longer screen timeout in the phone’s settings.',
  requesting: 'Keeping the screen on…',
  on: 'The screen stays on while this page is open.',
  paused: 'The screen may sleep: this page is in the background.',
  refused: 'The browser would not keep the screen on (battery saver?): the screen may sleep.',
};

export function KeepScreenOn() {
  const [state, setState] = useState<WakeLockState>('requesting');
  useEffect(
    () =>
      holdScreenOn(
        {
          wakeLock: 'wakeLock' in navigator ? navigator.wakeLock : undefined,
          document,
        },
        setState,
      ),
    [],
  );
  return (
    <p className="keep-screen-on" data-testid="keep-screen-on" data-state={state}>
      {TEXT[state]}
    </p>
  );
}
