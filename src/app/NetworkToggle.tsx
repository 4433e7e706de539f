import { useNetworkStatus } from '../lib/network/useNetworkStatus.ts';
import { connectionLabel } from '../lib/network/connectionLabel.ts';

/**
 * The user's Go Offline / Go Online switch, with the current condition as its dot.
 * Going back online makes the app refresh its data.
 */
export function NetworkToggle() {
  const status = useNetworkStatus();
  const label = status.forcedOffline ? 'Go Online' : 'Go Offline';
  const shown = connectionLabel({
    condition: status.condition,
    rttMs: status.rttMs,
    forcedOffline: status.forcedOffline,
    dataServiceUnreachable: status.dataServiceUnreachable,
  });
  return (
    <button
      type="button"
      className="network-toggle"
      onClick={() => status.setForcedOffline(!status.forcedOffline)}
      aria-pressed={status.forcedOffline}
      title={shown.text}
    >
      <span className={`network-dot network-dot--${shown.dot}`} aria-hidden="true" />
      <span className="network-toggle__text">{label}</span>
    </button>
  );
}
