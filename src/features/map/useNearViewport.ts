import { useCallback, useEffect, useState } from 'react';
import { whenNearViewport } from '../../ui/charts/whenNearViewport.ts';

/**
 * Whether an element has come within `margin` of the viewport (and stays true from then on): a
 * part of the page below the fold loads its code only when the person scrolls towards it. Where
 * IntersectionObserver is missing (old browsers, jsdom) it is true at once.
 */
export function useNearViewport(margin = '300px'): [(el: Element | null) => void, boolean] {
  const [el, setEl] = useState<Element | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback((node: Element | null) => setEl(node), []);
  useEffect(() => {
    if (near || !el) return;
    return whenNearViewport(el, () => setNear(true), margin);
  }, [el, near, margin]);
  return [ref, near];
}
