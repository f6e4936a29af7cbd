import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export interface TableColumn {
  key: string;
  label: string;
  /** Right-aligned, tabular figures. */
  numeric?: boolean;
}

export interface TableRow {
  key: string;
  /** One cell per column; the first is the row's header (<th scope="row">). */
  cells: ReactNode[];
}

export interface TableData {
  columns: TableColumn[];
  rows: TableRow[];
}

/**
 * An accessible table: a caption, column headers, the first cell of each row as its header. It
 * scrolls sideways inside its own box on narrow screens (the box is focusable so a keyboard can
 * scroll it).
 */
export function DataTable({
  caption,
  table,
  captionHidden = true,
  className,
}: {
  caption: string;
  table: TableData;
  captionHidden?: boolean;
  className?: string;
}) {
  return (
    <div
      className={cn('max-w-full overflow-x-auto rounded-md border border-border', className)}
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table className="w-full border-collapse text-sm">
        <caption className={captionHidden ? 'sr-only' : 'p-2 text-left font-medium'}>
          {caption}
        </caption>
        <thead className="bg-zinc-900">
          <tr>
            {table.columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={cn(
                  'px-3 py-2 font-medium whitespace-nowrap text-zinc-200',
                  c.numeric ? 'text-right' : 'text-left',
                )}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.key} className="border-t border-border">
              {row.cells.map((cell, i) => {
                const numeric = table.columns[i]?.numeric;
                const cls = cn(
                  'px-3 py-1.5 whitespace-nowrap',
                  numeric ? 'text-right tabular-nums' : 'text-left',
                  i === 0 ? 'font-normal text-zinc-200' : 'text-zinc-300',
                );
                return i === 0 ? (
                  <th key={i} scope="row" className={cls}>
                    {cell}
                  </th>
                ) : (
                  <td key={i} className={cls}>
                    {cell}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
