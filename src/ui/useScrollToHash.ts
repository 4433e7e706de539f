import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Brings the part a link's `#fragment` names into view once the screen has rendered it (the
 * browser's own jump happens before a client-rendered screen exists). Call it from a screen whose
 * parts a link names, after rendering them all (InTurn's `allAtOnce`).
 */
export function useScrollToHash(): string {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // A malformed escape names no part: look it up as written.
    }
    document.getElementById(id)?.scrollIntoView();
  }, [hash]);
  return hash;
}
