import { useSyncExternalStore } from 'react';
import { getInstallState, promptInstall, subscribeInstall } from './installPromptStore.ts';

export interface InstallPrompt {
  /** The browser offers installation: show the install button. */
  canInstall: boolean;
  /** Installed, or running standalone: show "App Installed" instead. */
  installed: boolean;
  promptInstall: () => Promise<'accepted' | 'dismissed' | 'unavailable'>;
}

export function useInstallPrompt(): InstallPrompt {
  const state = useSyncExternalStore(subscribeInstall, getInstallState, getInstallState);
  return { canInstall: state.canInstall, installed: state.installed, promptInstall };
}
