import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export function Badge({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border border-violet-400/40 bg-violet-400/10 px-2.5 py-0.5 text-xs font-semibold text-violet-200',
        className,
      )}
      {...props}
    />
  );
}
