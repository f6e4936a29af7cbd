import { useRef, type ComponentProps } from 'react';
import { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui';
import { cn } from '@/lib/utils';

/**
 * A menu button's menu, non-modal: a modal Radix menu hides the rest of the page with aria-hidden
 * while it stays focusable (axe: aria-hidden-focus), which a menu does not need — arrow keys move
 * inside it, Escape and Tab close it and focus goes back to its button.
 */
export function DropdownMenu({
  modal = false,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Root>) {
  return <DropdownMenuPrimitive.Root modal={modal} {...props} />;
}
export const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger;

/**
 * `focusFirstItem`: the first time it opens, focus goes to the first item. For menus loaded on
 * first use (shell-menus.tsx, lazy-conversation-actions.tsx) and opened from the keyboard: Radix
 * focuses the first item only when it saw the key itself, and it was not there yet — focus sat
 * on the menu and Enter did nothing.
 */
export function DropdownMenuContent({
  className,
  sideOffset = 6,
  focusFirstItem = false,
  onFocus,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Content> & { focusFirstItem?: boolean }) {
  const pending = useRef(focusFirstItem);
  return (
    <DropdownMenuPrimitive.Portal>
      <DropdownMenuPrimitive.Content
        onFocus={(event) => {
          onFocus?.(event);
          // The menu itself took focus as it opened: hand it to the first item.
          if (!pending.current || event.target !== event.currentTarget) return;
          pending.current = false;
          event.currentTarget
            .querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')
            ?.focus();
        }}
        sideOffset={sideOffset}
        className={cn(
          'z-50 max-w-[min(20rem,calc(100vw-1rem))] min-w-44 overflow-hidden rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg',
          className,
        )}
        {...props}
      />
    </DropdownMenuPrimitive.Portal>
  );
}

export function DropdownMenuItem({
  className,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Item>) {
  return (
    <DropdownMenuPrimitive.Item
      className={cn(
        'relative flex cursor-default items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none select-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground [&_svg]:size-4',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuLabel({
  className,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Label>) {
  return (
    <DropdownMenuPrimitive.Label className={cn('px-2 py-1.5 text-sm', className)} {...props} />
  );
}

export function DropdownMenuSeparator({
  className,
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Separator>) {
  return (
    <DropdownMenuPrimitive.Separator
      className={cn('-mx-1 my-1 h-px bg-border', className)}
      {...props}
    />
  );
}
