import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A native <select> styled like the Input primitive (keyboard and screen readers for free). */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base text-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-50 sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}
