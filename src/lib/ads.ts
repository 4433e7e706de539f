import { BUILD_ENV } from './buildInfo.ts';
import { config, thirdPartyAllowed } from './config.ts';
import { hasConsent } from './consent.ts';
import { flagIsTrue, isDebugMode } from './storage.ts';

/** The five ad placements. All are responsive. */
export interface AdSlotDefinition {
  id: AdSlotId;
  /** The provider's slot id; configuration (VITE_AD_SLOT_*), empty when unset. */
  slot: string;
  size: 'responsive';
  description: string;
}

export type AdSlotId =
  'home-top-banner' | 'news-sidebar' | 'news-in-feed' | 'article-bottom' | 'forecast-banner';

function slotEnv(name: string): string {
  const value = BUILD_ENV[name];
  return typeof value === 'string' ? value : '';
}

export const AD_SLOTS: readonly AdSlotDefinition[] = [
  {
    id: 'home-top-banner',
    slot: slotEnv('VITE_AD_SLOT_HOME_TOP'),
    size: 'responsive',
    description: 'Home top banner',
  },
  {
    id: 'news-sidebar',
    slot: slotEnv('VITE_AD_SLOT_NEWS_SIDEBAR'),
    size: 'responsive',
    description: 'News sidebar',
  },
  {
    id: 'news-in-feed',
    slot: slotEnv('VITE_AD_SLOT_NEWS_IN_FEED'),
    size: 'responsive',
    description: 'News in-feed',
  },
  {
    id: 'article-bottom',
    slot: slotEnv('VITE_AD_SLOT_ARTICLE_BOTTOM'),
    size: 'responsive',
    description: 'Article bottom',
  },
  {
    id: 'forecast-banner',
    slot: slotEnv('VITE_AD_SLOT_FORECAST'),
    size: 'responsive',
    description: 'Forecast banner',
  },
];

export interface AdGateInput {
  disableAds: boolean;
  premium: boolean;
  consent: boolean;
  adBlocked: boolean;
  /** Debug mode's "force ads" flag: overrides disable-ads and premium, nothing else. */
  forceAds?: boolean;
}

export type AdGateDecision =
  { show: true } | { show: false; reason: 'disabled' | 'premium' | 'no-consent' | 'ad-blocker' };

/** Ads load only if every condition holds (no disable-ads flag, not premium, consent, no ad blocker); the first that fails is the reason. */
export function adGate(input: AdGateInput): AdGateDecision {
  if (input.disableAds && !input.forceAds) return { show: false, reason: 'disabled' };
  if (input.premium && !input.forceAds) return { show: false, reason: 'premium' };
  if (!input.consent) return { show: false, reason: 'no-consent' };
  if (input.adBlocked) return { show: false, reason: 'ad-blocker' };
  return { show: true };
}

/** A bait element an ad blocker hides: zero height means one is active. */
export function adBlockerFromHeight(height: number): boolean {
  return height === 0;
}

/** The bait test, in the live DOM. Resolves after one layout. */
export function detectAdBlocker(doc: Document = document): Promise<boolean> {
  return new Promise((resolve) => {
    const bait = doc.createElement('div');
    bait.className = 'adsbox ad-banner ad-placement textads';
    bait.setAttribute('aria-hidden', 'true');
    bait.style.cssText = 'position:absolute;left:-9999px;top:-9999px;width:1px;height:1px;';
    doc.body.appendChild(bait);
    requestAnimationFrame(() => {
      const blocked = adBlockerFromHeight(bait.offsetHeight);
      bait.remove();
      resolve(blocked);
    });
  });
}

/** The flags as stored now in local storage. */
export function currentAdFlags(): Omit<AdGateInput, 'adBlocked'> {
  return {
    disableAds: flagIsTrue('disable-ads'),
    premium: flagIsTrue('user-premium'),
    consent: hasConsent(),
    forceAds: isDebugMode() && flagIsTrue('force-ads'),
  };
}

/** Ads exist at all only in production on a real host with a configured client id. */
export function adsConfigured(hostname: string): boolean {
  return config.adClientId !== '' && thirdPartyAllowed(config.production, hostname);
}

let adScript: Promise<void> | null = null;

/** Loads the ad provider's script once, after the gate said yes. */
export function loadAdScript(): Promise<void> {
  adScript ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.src = `${config.adScriptHost}/pagead/js/adsbygoogle.js?client=${encodeURIComponent(config.adClientId)}`;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Failed to load resource: ${script.src}`));
    document.head.appendChild(script);
  });
  return adScript;
}
