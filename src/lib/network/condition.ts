/**
 * The network condition (excellent, good, fair, poor, offline), as pure decisions. The monitor (networkMonitor.ts) gathers the
 * inputs from the browser; these functions only decide.
 */
export type NetworkCondition = 'excellent' | 'good' | 'fair' | 'poor' | 'offline';
/** Before the first check completes, and while a ping is in flight with nothing known yet. */
export type TransitionalCondition = 'initializing' | 'loading';
export type ConnectionType = 'wifi' | 'cellular' | 'ethernet' | 'bluetooth' | 'unknown';

export interface ConditionInput {
  /** navigator.onLine, and false while the user forces offline mode. */
  online: boolean;
  /** NetworkInformation.effectiveType: 'slow-2g' | '2g' | '3g' | '4g', when the browser says. */
  effectiveType?: string | null;
  /** NetworkInformation.downlink in Mbps, when the browser says. */
  downlinkMbps?: number | null;
}

const BY_EFFECTIVE_TYPE: Record<string, NetworkCondition> = {
  '4g': 'excellent',
  '3g': 'good',
  '2g': 'fair',
  'slow-2g': 'poor',
};

/**
 * The condition from what the browser tells us, or null when it says nothing useful and a
 * ping must decide (browsers without the Network Information API).
 */
export function conditionFrom(input: ConditionInput): NetworkCondition | null {
  if (!input.online) return 'offline';
  const byType = input.effectiveType ? BY_EFFECTIVE_TYPE[input.effectiveType] : undefined;
  if (byType) return byType;
  const downlink = input.downlinkMbps;
  // Chromium reports downlink 0 when it has no estimate yet: that is "unknown", not "poor".
  if (typeof downlink === 'number' && Number.isFinite(downlink) && downlink > 0) {
    if (downlink > 5) return 'excellent';
    if (downlink > 2) return 'good';
    if (downlink > 0.5) return 'fair';
    return 'poor';
  }
  return null;
}

/** The fallback ping's verdict. A ping that failed outright (null) says the link is poor. */
export function conditionFromPing(rttMs: number | null): NetworkCondition {
  if (rttMs === null || !Number.isFinite(rttMs) || rttMs < 0) return 'poor';
  if (rttMs < 100) return 'excellent';
  if (rttMs < 300) return 'good';
  if (rttMs < 1000) return 'fair';
  return 'poor';
}

/** NetworkInformation.type, narrowed to the five connection types the indicator names. */
export function connectionTypeFrom(type: string | null | undefined): ConnectionType {
  switch (type) {
    case 'wifi':
    case 'cellular':
    case 'ethernet':
    case 'bluetooth':
      return type;
    case 'wimax':
      return 'cellular';
    default:
      return 'unknown';
  }
}
