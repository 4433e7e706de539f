import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Brings the element a URL's `#fragment` names into view; false when it names none on the page
 * (yet). A malformed escape is looked up as written, never thrown.
 */
export function scrollToHash(hash: string): boolean {
  if (!hash) return false;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // Looked up as written.
  }
  const target = id ? document.getElementById(id) : null;
  target?.scrollIntoView();
  return target !== null;
}

/**
 * For a screen whose parts a link names and that renders them after the route changes (a lazy
 * chunk, InTurn): brings the named part into view once the screen has rendered it. The shell
 * (Layout's route effect) does the same for a part already there when the route changes, and
 * otherwise starts the new screen at the top. Call it after rendering every part (InTurn's
 * `allAtOnce`).
 */
export function useScrollToHash(): string {
  const { hash } = useLocation();
  useEffect(() => {
    scrollToHash(hash);
  }, [hash]);
  return hash;
}
