import { useEffect, useRef, useState } from 'react';
import type { AdSlotId } from '../lib/ads.ts';
import {
  AD_SLOTS,
  adGate,
  adsConfigured,
  currentAdFlags,
  detectAdBlocker,
  loadAdScript,
} from '../lib/ads.ts';
import { config } from '../lib/config.ts';

type SlotState = 'checking' | 'show' | 'hidden';

/**
 * One responsive ad placement (one of the five slots in src/lib/ads.ts). It renders nothing unless ads are configured
 * for this host (production, real host, client id) and the ad gate passes (no disable-ads flag, not premium, consent given, no ad blocker).
 */
export function AdSlot({ id }: { id: AdSlotId }) {
  const definition = AD_SLOTS.find((slot) => slot.id === id);
  const [state, setState] = useState<SlotState>('checking');
  const insRef = useRef<HTMLModElement>(null);

  useEffect(() => {
    let cancelled = false;
    if (!definition || !adsConfigured(location.hostname)) {
      setState('hidden');
      return;
    }
    void (async () => {
      const decision = adGate({ ...currentAdFlags(), adBlocked: await detectAdBlocker() });
      if (cancelled) return;
      if (!decision.show) {
        setState('hidden');
        return;
      }
      try {
        await loadAdScript();
        if (!cancelled) setState('show');
      } catch {
        if (!cancelled) setState('hidden');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [definition]);

  useEffect(() => {
    if (state !== 'show' || !insRef.current) return;
    const w = window as unknown as { adsbygoogle?: unknown[] };
    (w.adsbygoogle ??= []).push({});
  }, [state]);

  if (!definition || state !== 'show') return null;
  return (
    <aside className={`ad-slot ad-slot--${id}`} aria-label="Advertisement">
      <span className="ad-slot__label">Advertisement</span>
      <ins
        ref={insRef}
        className="adsbygoogle"
        style={{ display: 'block' }}
        data-ad-client={config.adClientId}
        data-ad-slot={definition.slot}
        data-ad-format="auto"
        data-full-width-responsive="true"
      />
    </aside>
  );
}
