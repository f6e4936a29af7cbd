import type { ComponentProps } from 'react';
import { AlertDialog as AlertPrimitive } from 'radix-ui';
import { cn } from '@/lib/utils';
import { Button, buttonVariants } from './button';
import { DialogFooter, dialogContentClass, dialogOverlayClass, useReturnFocus } from './dialog';

export const AlertDialog = AlertPrimitive.Root;

/** A confirmation (role=alertdialog): focus starts on Cancel, Escape cancels, focus returns. */
export function AlertDialogContent({
  className,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof AlertPrimitive.Content>) {
  const returnFocus = useReturnFocus(onOpenAutoFocus, onCloseAutoFocus);
  return (
    <AlertPrimitive.Portal>
      <AlertPrimitive.Overlay className={dialogOverlayClass} />
      <AlertPrimitive.Content
        className={cn(dialogContentClass, className)}
        {...props}
        {...returnFocus}
      />
    </AlertPrimitive.Portal>
  );
}

export function AlertDialogTitle({
  className,
  ...props
}: ComponentProps<typeof AlertPrimitive.Title>) {
  return <AlertPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function AlertDialogDescription({
  className,
  ...props
}: ComponentProps<typeof AlertPrimitive.Description>) {
  return (
    <AlertPrimitive.Description className={cn('text-sm text-zinc-300', className)} {...props} />
  );
}

export function AlertDialogCancel({
  className,
  ...props
}: ComponentProps<typeof AlertPrimitive.Cancel>) {
  return (
    <AlertPrimitive.Cancel
      className={cn(buttonVariants({ variant: 'outline' }), className)}
      {...props}
    />
  );
}

/**
 * A confirmation for a destructive act: title, sentence, Cancel (focused first) and a confirm
 * button that stays open while `pending` (the caller closes it when the act is done).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  pending = false,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  /** To send focus elsewhere on close (call `preventDefault`) when the opener is going away. */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <DialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          <Button variant="destructive" pending={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
