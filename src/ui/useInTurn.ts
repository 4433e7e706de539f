import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from '../lib/whenIdle.ts';

/** How long an idle moment may be waited for before the next part renders anyway. */
const IN_TURN_TIMEOUT_MS = 1000;

/**
 * How many of `count` deferred parts of a screen to render: none in the component's first commit,
 * then one more in each idle moment after the browser has painted (or after IN_TURN_TIMEOUT_MS),
 * each as a transition, which React time-slices. A long screen's parts below the first screen are
 * then created and laid out one per task, not all in the first commit's task. (On `/forecast` this
 * did not move Lighthouse's blocking time measurably: its layouts are mostly this machine's font
 * lookups; docs/architecture.md.) With `allAtOnce` (a link to a part further down), every part
 * renders in the first commit.
 */
export function useInTurn(count: number, allAtOnce = false): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (allAtOnce || shown >= count) return;
    return whenIdle(
      () => startTransition(() => setShown((n) => Math.min(count, n + 1))),
      IN_TURN_TIMEOUT_MS,
    );
  }, [allAtOnce, shown, count]);
  return allAtOnce ? count : shown;
}
