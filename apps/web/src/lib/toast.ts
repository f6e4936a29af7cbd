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
    // A failed fetch (no connection) is tried again with the next toast.
    sonner = import('sonner').catch((error: unknown) => {
      sonner = null;
      throw error;
    });
    for (const listener of [...listeners]) listener();
  }
  return sonner;
}

/**
 * Fetch the toasts' code once the first screen is up (main.tsx), so that a phone that loses its
 * connection later can still be told so.
 */
export function preloadToasts(): void {
  loadSonner().catch(() => undefined);
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

/** Show a toast; without its code (no connection) it is not shown, and nothing is thrown. */
function show(fn: (toast: Sonner['toast']) => unknown): void {
  loadSonner()
    .then(({ toast }) => fn(toast))
    .catch(() => undefined);
}

export function toastSuccess(message: string): void {
  show((toast) => toast.success(message));
}

/**
 * A success toast with one action button (the undo of a delete). It stays a little longer (8 s)
 * so there is time to reach the button.
 */
export function toastAction(message: string, action: { label: string; onClick: () => void }): void {
  show((toast) =>
    toast.success(message, {
      duration: 8000,
      action: { label: action.label, onClick: action.onClick },
    }),
  );
}

/** Error toasts stay 5 s (spec: 4–5 s depending on the variant). */
export function toastError(message: string, id?: string): void {
  show((toast) =>
    toast.error(message, { duration: TOAST_ERROR_DURATION_MS, ...(id ? { id } : {}) }),
  );
}
