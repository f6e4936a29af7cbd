import type { ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { Button } from './button';

/** "Loading…" line with a spinner, announced politely. */
export function LoadingState({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 py-6 text-sm text-zinc-300">
      <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
      {children}
    </p>
  );
}

/** The red error box with a retry button. */
export function ErrorBox({
  children,
  retryLabel,
  onRetry,
}: {
  children: ReactNode;
  retryLabel?: string;
  onRetry?: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-md border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-200"
    >
      <p>{children}</p>
      {onRetry && retryLabel ? (
        <Button type="button" variant="outline" size="sm" onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}

/** An empty list: a title and a sentence. */
export function EmptyState({
  title,
  body,
  icon,
  children,
}: {
  title: string;
  body?: string;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-zinc-700 px-4 py-10 text-center">
      {icon}
      <p className="text-base font-semibold">{title}</p>
      {body ? <p className="max-w-md text-sm text-zinc-300">{body}</p> : null}
      {children}
    </div>
  );
}
