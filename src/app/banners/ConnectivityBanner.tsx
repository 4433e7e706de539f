import { Icon } from '../../ui/Icon.tsx';
import {
  BACK_ONLINE_MESSAGE,
  OFFLINE_MESSAGE,
  useConnectivityBanner,
} from './useConnectivityBanner.ts';

/** The online/offline banner, driven by the network status's isOnline. */
export function ConnectivityBanner({ online }: { online: boolean }) {
  const { kind, dismiss } = useConnectivityBanner(online);
  if (kind === null) return null;
  const offline = kind === 'offline';
  return (
    <div
      className={offline ? 'banner banner--offline' : 'banner banner--online'}
      role="status"
      aria-live="polite"
    >
      <Icon name={offline ? 'wifiOff' : 'wifi'} />
      <p className="banner__body">{offline ? OFFLINE_MESSAGE : BACK_ONLINE_MESSAGE}</p>
      <button
        type="button"
        className="icon-button"
        onClick={dismiss}
        aria-label="Dismiss connection message"
      >
        <Icon name="close" size={18} />
      </button>
    </div>
  );
}
