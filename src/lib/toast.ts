import { createStore } from './createStore.ts';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

/** Toasts disappear after 3 s. */
const TOAST_DURATION_MS = 3000;

export const toastStore = createStore<readonly Toast[]>([]);
let nextId = 1;

/** Shows a short message in the corner; it removes itself after 3 s. */
export function showToast(message: string, kind: ToastKind = 'info'): void {
  const toast: Toast = { id: nextId++, message, kind };
  toastStore.set([...toastStore.get(), toast]);
  setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
}

export function dismissToast(id: number): void {
  const current = toastStore.get();
  if (current.some((t) => t.id === id)) toastStore.set(current.filter((t) => t.id !== id));
}
