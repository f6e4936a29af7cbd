import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import type { CsvValue } from '../lib/csv';
import { CsvButton } from './csv-button';

/** A titled part of an analytics screen: the heading, an action (CSV) and the content. */
export function Section({
  title,
  lead,
  action,
  children,
  testId,
}: {
  title: string;
  lead?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <section className="flex min-w-0 flex-col gap-3" aria-labelledby={id} data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {lead ? <div className="text-sm text-zinc-300">{lead}</div> : null}
      {children}
    </section>
  );
}

/**
 * A section that lists rows: its "Baixar CSV" and its lead while there are rows, else only the
 * `empty` note in place of the table.
 */
export function DataSection({
  title,
  testId,
  lead,
  file,
  csv,
  empty,
  children,
}: {
  title: string;
  testId?: string;
  lead?: ReactNode;
  /** The class (or student) the CSV file is about. */
  file: string;
  csv: () => CsvValue[][];
  /** What to show instead of the table when there is nothing to list (null: the table). */
  empty: ReactNode;
  children: ReactNode;
}) {
  return (
    <Section
      title={title}
      testId={testId}
      lead={empty ? undefined : lead}
      action={empty ? null : <CsvButton title={file} table={title} rows={csv} />}
    >
      {empty ? <EmptyNote>{empty}</EmptyNote> : children}
    </Section>
  );
}

/** Why a section has no table (nothing to list yet). */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-md border border-dashed border-zinc-700 p-4 text-sm text-zinc-300">
      {children}
    </p>
  );
}

/**
 * A table in its own horizontally scrolling, focusable box (the page never scrolls sideways at
 * 360 px); `caption` names the table and the box.
 */
export function TableBox({
  caption,
  children,
  className,
  testId,
}: {
  caption: string;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <div
      className="relative max-w-full overflow-x-auto rounded-md border border-border focus-visible:outline-2 focus-visible:outline-ring"
      role="region"
      aria-labelledby={id}
      tabIndex={0}
      data-testid={testId}
    >
      <table className={cn('w-full border-collapse text-sm tabular-nums', className)}>
        <caption id={id} className="sr-only">
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

/** A table's header row: the first column's heading stays in view as the table scrolls. */
export function HeadRow({ columns }: { columns: readonly ReactNode[] }) {
  return (
    <thead>
      <tr className={HEAD_ROW}>
        {columns.map((label, i) => (
          <th key={i} scope="col" className={i === 0 ? `sticky left-0 z-10 bg-zinc-900 ${TH}` : TH}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A row's heading (its first cell), kept in view as the table scrolls; cut short when long. */
export function RowHeader({ children }: { children: ReactNode }) {
  return (
    <th scope="row" className={`${STICKY_TH} truncate`}>
      {children}
    </th>
  );
}

export const TH = 'px-3 py-2 text-left font-semibold whitespace-nowrap';
export const TD = 'px-3 py-2 whitespace-nowrap';
export const HEAD_ROW = 'border-b border-border bg-zinc-900';
export const ROW = 'border-b border-border last:border-b-0';
export const STICKY_TH =
  'sticky left-0 z-10 max-w-[10rem] bg-background px-3 py-2 text-left font-normal sm:max-w-[16rem]';
