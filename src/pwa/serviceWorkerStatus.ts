/** The service worker's status (supported, registered, controller, waiting, installing), plus `active` for the debugger. */
export interface ServiceWorkerStatus {
  supported: boolean;
  registered: boolean;
  /** URL of the worker controlling this page, or null. */
  controller: string | null;
  active: boolean;
  waiting: boolean;
  installing: boolean;
}

export const UNSUPPORTED_STATUS: ServiceWorkerStatus = {
  supported: false,
  registered: false,
  controller: null,
  active: false,
  waiting: false,
  installing: false,
};

/** A status from what the browser reports; pure, so the debugger's display rules are testable. */
export function statusFrom(
  supported: boolean,
  registration:
    Pick<ServiceWorkerRegistration, 'active' | 'waiting' | 'installing'> | null | undefined,
  controller: Pick<ServiceWorker, 'scriptURL'> | null | undefined,
): ServiceWorkerStatus {
  if (!supported) return UNSUPPORTED_STATUS;
  return {
    supported: true,
    registered: !!registration,
    controller: controller?.scriptURL ?? null,
    active: !!registration?.active,
    waiting: !!registration?.waiting,
    installing: !!registration?.installing,
  };
}

/** A waiting worker is an update only when another version already controls the page. */
export function isUpdateAvailable(status: ServiceWorkerStatus): boolean {
  return status.waiting && status.controller !== null;
}
