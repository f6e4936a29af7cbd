import type { toast as sonnerToast } from 'sonner';
import { TOAST_ERROR_DURATION_MS } from '@aprenda/shared/constants';

/**
 * Toasts through sonner, which loads with the first toast rather than with the first paint. The
 * app's <Toaster> mounts once a toast was asked for (`toastsWanted`, app/providers.tsx); sonner
 * replays the toasts created before its Toaster subscribed.
 */
type Sonner = { toast: typeof sonnerToast };

let sonner: Promise<Sonner> | null = null;
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    for (const listener of [...listeners]) listener();
  }
  return sonner;
}

/** True once a toast was asked for (the Toaster is needed from then on). */
export function toastsWanted(): boolean {
  return sonner !== null;
}

/** Be told when the first toast is asked for. Returns the unsubscribe function. */
export function subscribeToastsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function toastSuccess(message: string): void {
  void loadSonner().then(({ toast }) => toast.success(message));
}

/**
 * A success toast with one action button (the undo of a delete). It stays a little longer (8 s)
 * so there is time to reach the button.
 */
export function toastAction(message: string, action: { label: string; onClick: () => void }): void {
  void loadSonner().then(({ toast }) =>
    toast.success(message, {
      duration: 8000,
      action: { label: action.label, onClick: action.onClick },
    }),
  );
}

/** Error toasts stay 5 s (spec: 4–5 s depending on the variant). */
export function toastError(message: string, id?: string): void {
  void loadSonner().then(({ toast }) =>
    toast.error(message, { duration: TOAST_ERROR_DURATION_MS, ...(id ? { id } : {}) }),
  );
}
