import { useEffect, useState } from 'react';

/**
 * Whether any part of `element` is on screen below the fixed header (true until the browser says
 * otherwise, and always where IntersectionObserver is missing): for a notice that should be
 * repeated elsewhere only once the person has scrolled it away.
 */
export function useInView(element: Element | null): boolean {
  const [inView, setInView] = useState(true);
  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    // The fixed header covers the top of the viewport: a box under it is out of sight.
    const header = getComputedStyle(document.documentElement)
      .getPropertyValue('--header-height')
      .trim();
    const observer = new IntersectionObserver(
      (entries) => {
        const last = entries[entries.length - 1];
        if (last) setInView(last.isIntersecting);
      },
      { rootMargin: `-${header || '0px'} 0px 0px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return inView;
}
