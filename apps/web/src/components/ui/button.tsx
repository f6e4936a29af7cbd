import type { ComponentProps, ReactNode } from 'react';
// The package itself, not radix-ui's index: the button is in every first paint, and only the
// framework's libraries may be (scripts/first-paint-chunks.ts).
import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground hover:bg-primary/90',
        destructive: 'bg-red-500/15 text-destructive ring-1 ring-red-500/40 hover:bg-red-500/25',
        outline: 'border border-input bg-transparent hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-9 px-3',
        lg: 'h-11 px-6 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

/**
 * A button. `pending` disables it and shows a spinner in place of `icon` (the work it started is
 * under way); `asChild` renders the single child (a link) with the button's look instead.
 *
 * Pending is `aria-disabled`, not `disabled`: a focused button that turns `disabled` drops focus
 * to <body>, so a keyboard user who pressed "Criar convite" had to start again from the top.
 * Clicks (and Enter in the form, which clicks the submit button) are refused while pending.
 *
 * A button given `pending` starts work, so it ignores the second click of a double click
 * (`detail` > 1): that click comes before the pending state has re-rendered (TanStack Query
 * tells its observers on the next task) and would start the work twice — two imports of the same
 * cards. A click from the keyboard has `detail` 0 and always counts.
 */
export function Button({
  className,
  variant,
  size,
  asChild = false,
  pending,
  icon,
  disabled,
  children,
  onClick,
  ...props
}: ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    asChild?: boolean;
    pending?: boolean;
    icon?: ReactNode;
  }) {
  const classes = cn(buttonVariants({ variant, size, className }));
  if (asChild) {
    return (
      <Slot className={classes} onClick={onClick} {...props}>
        {children}
      </Slot>
    );
  }
  const click: typeof onClick =
    pending === undefined
      ? onClick
      : (event) => {
          if (pending || event.detail > 1) {
            event.preventDefault(); // a submit button must not send its form again either
            return;
          }
          onClick?.(event);
        };
  return (
    <button
      className={classes}
      disabled={disabled}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      onClick={click}
      {...props}
    >
      {pending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden /> : icon}
      {children}
    </button>
  );
}
