import { toast } from 'sonner';
import { TOAST_ERROR_DURATION_MS } from '@aprenda/shared/constants';

export function toastSuccess(message: string): void {
  toast.success(message);
}

/** Error toasts stay 5 s (spec: 4–5 s depending on the variant). */
export function toastError(message: string): void {
  toast.error(message, { duration: TOAST_ERROR_DURATION_MS });
}
