/** The page's shape while the figures load (announced once, politely). */
export function MetricsSkeleton({ label }: { label: string }) {
  const block =
    'animate-pulse rounded-lg border border-border bg-zinc-900 motion-reduce:animate-none';
  return (
    <div role="status" className="flex flex-col gap-5">
      <span className="sr-only">{label}</span>
      <div className="grid gap-4 lg:grid-cols-[1fr_2fr]" aria-hidden>
        <div className={`${block} h-40`} />
        <div className={`${block} h-40`} />
      </div>
      <div className={`${block} h-72`} aria-hidden />
      <div className="grid gap-5 lg:grid-cols-2" aria-hidden>
        <div className={`${block} h-64`} />
        <div className={`${block} h-64`} />
      </div>
    </div>
  );
}
