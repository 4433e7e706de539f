/**
 * Keeps the browser's install offer, so the header's install button shows while one is held. Capture starts at module load and
 * again from registerServiceWorker, because Chromium fires `beforeinstallprompt` once, possibly
 * before any component has mounted — or before the app has booted at all, in which case the page's
 * boot script has kept it (EARLY_OFFER).
 */

/** Chromium's event; not in TypeScript's DOM lib. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  userChoice?: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export interface InstallState {
  canInstall: boolean;
  installed: boolean;
}

let deferred: BeforeInstallPromptEvent | null = null;
let state: InstallState = { canInstall: false, installed: false };
const listeners = new Set<() => void>();
let capturing = false;

function set(next: InstallState): void {
  if (next.canInstall === state.canInstall && next.installed === state.installed) return;
  state = next;
  for (const l of listeners) l();
}

function runningStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true || nav.standalone === true
  );
}

/** Where the page's boot script keeps an offer made before the app booted (scripts/vite/bootAfterPaint.ts). */
const EARLY_OFFER = '__auroraInstallOffer';

export function startInstallPromptCapture(): void {
  if (capturing || typeof window === 'undefined') return;
  capturing = true;
  if (runningStandalone()) set({ canInstall: false, installed: true });
  const early = (window as unknown as Record<string, BeforeInstallPromptEvent | undefined>)[
    EARLY_OFFER
  ];
  if (early && !state.installed) {
    deferred = early;
    set({ canInstall: true, installed: false });
  }
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the offer for our own button instead of the browser's mini-infobar.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    set({ canInstall: !state.installed, installed: state.installed });
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    set({ canInstall: false, installed: true });
  });
  window.matchMedia?.('(display-mode: standalone)').addEventListener?.('change', (e) => {
    if (e.matches) set({ canInstall: false, installed: true });
  });
}

export function getInstallState(): InstallState {
  return state;
}

export function subscribeInstall(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog. Resolves with the user's answer ('unavailable' when there is no offer). */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const offer = deferred;
  if (!offer) return 'unavailable';
  // An offer can be used once.
  deferred = null;
  set({ canInstall: false, installed: state.installed });
  await offer.prompt();
  const choice = await (offer.userChoice ?? Promise.resolve(undefined)).catch(() => undefined);
  // "Installed" waits for `appinstalled`: accepting the dialog is not yet an installed app.
  return choice?.outcome ?? 'dismissed';
}

startInstallPromptCapture();
