import { useInstallPrompt } from '../pwa/useInstallPrompt.ts';
import { Icon } from '../ui/Icon.tsx';

/** The install control: the button while the browser offers it, then "App Installed". */
export function InstallControl() {
  const { canInstall, installed, promptInstall } = useInstallPrompt();
  if (installed) {
    return (
      <span className="install-note" title="Aurora is installed on this device">
        <Icon name="check" size={18} />
        <span className="install-note__text">App Installed</span>
      </span>
    );
  }
  if (!canInstall) return null;
  return (
    <button type="button" className="button install-button" onClick={() => void promptInstall()}>
      <Icon name="download" size={18} />
      <span className="install-button__text">Install App</span>
    </button>
  );
}
