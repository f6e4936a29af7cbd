import { useId } from 'react';
import { cn } from '@/lib/utils';

/**
 * A checkbox per class (sharing a board or a diagram with the classes I teach): `chosen` holds the
 * checked ids, `onChange` receives the next set.
 */
export function ClassCheckboxes({
  classes,
  chosen,
  onChange,
  legend,
  legendHidden = false,
}: {
  classes: readonly { id: string; title: string }[];
  chosen: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  legend: string;
  legendHidden?: boolean;
}) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className={cn('mb-1 text-sm font-medium', legendHidden && 'sr-only')}>
        {legend}
      </legend>
      {classes.map((c) => (
        <label
          key={c.id}
          htmlFor={`${id}-${c.id}`}
          className="flex items-center gap-2 rounded-md border border-border px-3 py-2 text-sm"
        >
          <input
            id={`${id}-${c.id}`}
            type="checkbox"
            className="size-4 accent-primary"
            checked={chosen.has(c.id)}
            onChange={(e) => {
              const next = new Set(chosen);
              if (e.target.checked) next.add(c.id);
              else next.delete(c.id);
              onChange(next);
            }}
          />
          <span className="min-w-0 [overflow-wrap:anywhere]">{c.title}</span>
        </label>
      ))}
    </fieldset>
  );
}
