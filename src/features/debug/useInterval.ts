import { useEffect, useRef } from 'react';

/** Runs `fn` now (unless `immediate` is false) and every `ms` while `enabled`. */
export function useInterval(fn: () => void, ms: number, enabled = true, immediate = true): void {
  const ref = useRef(fn);
  useEffect(() => {
    ref.current = fn;
  });
  useEffect(() => {
    if (!enabled) return;
    if (immediate) ref.current();
    const id = setInterval(() => ref.current(), ms);
    return () => clearInterval(id);
  }, [ms, enabled, immediate]);
}
