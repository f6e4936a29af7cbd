import { Toaster as Sonner } from 'sonner';
import { TOAST_DURATION_MS, TOAST_VISIBLE_MAX } from '@aprenda/shared/constants';

/** Toasts: at most 3 visible, 4 s (errors pass TOAST_ERROR_DURATION_MS, 5 s). */
export function Toaster() {
  return (
    <Sonner
      theme="dark"
      position="top-center"
      visibleToasts={TOAST_VISIBLE_MAX}
      duration={TOAST_DURATION_MS}
      closeButton={false}
      toastOptions={{
        classNames: {
          toast: 'border border-border bg-popover text-popover-foreground',
        },
      }}
    />
  );
}
