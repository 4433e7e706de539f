import { useSyncExternalStore } from 'react';
import { dismissToast, toastStore } from '../../lib/toast.ts';
import { Icon } from '../../ui/Icon.tsx';

/** Renders showToast() messages; each removes itself after 3 s (src/lib/toast.ts). */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.get, toastStore.get);
  return (
    <div className="toaster" aria-live="polite" aria-atomic="false">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
        >
          <Icon name={toast.kind === 'error' ? 'alert' : 'check'} size={18} />
          <span>{toast.message}</span>
          <button
            type="button"
            className="icon-button"
            onClick={() => dismissToast(toast.id)}
            aria-label="Dismiss"
          >
            <Icon name="close" size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}
