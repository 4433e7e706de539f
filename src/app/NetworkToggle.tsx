import { useNetworkStatus } from '../lib/network/useNetworkStatus.ts';

const CONDITION_LABEL: Record<string, string> = {
  excellent: 'Excellent connection',
  good: 'Good connection',
  fair: 'Fair connection',
  poor: 'Poor connection',
  offline: 'Offline',
  loading: 'Checking connection…',
  initializing: 'Checking connection…',
};

/**
 * The user's Go Offline / Go Online switch (spec §4), with the current condition as its dot.
 * Going back online makes the app refresh its data.
 */
export function NetworkToggle() {
  const status = useNetworkStatus();
  const label = status.forcedOffline ? 'Go Online' : 'Go Offline';
  const shown = status.forcedOffline ? 'offline' : status.condition;
  return (
    <button
      type="button"
      className="network-toggle"
      onClick={() => status.setForcedOffline(!status.forcedOffline)}
      aria-pressed={status.forcedOffline}
      title={`${CONDITION_LABEL[shown] ?? shown}${status.rttMs !== null ? ` · ${status.rttMs} ms` : ''}`}
    >
      <span className={`network-dot network-dot--${shown}`} aria-hidden="true" />
      <span className="network-toggle__text">{label}</span>
    </button>
  );
}
