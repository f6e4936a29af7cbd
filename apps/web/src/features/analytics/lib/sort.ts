import type { StudentActivityRow } from '@aprenda/shared/schemas/metrics';
import { accuracy } from './format';

/** The sortable columns of the activity table. */
export const ACTIVITY_SORTS = [
  'name',
  'last_active',
  'active_days',
  'reviews',
  'answers',
  'accuracy',
  'study_ms',
  'conversations',
  'assignments',
  'mean_score',
] as const;
export type ActivitySort = (typeof ACTIVITY_SORTS)[number];
export type SortDirection = 'asc' | 'desc';

/** The direction a column starts in: names A→Z, figures largest first. */
export function defaultDirection(by: ActivitySort): SortDirection {
  return by === 'name' ? 'asc' : 'desc';
}

function valueOf(
  row: StudentActivityRow,
  by: Exclude<ActivitySort, 'name'>,
): number | string | null {
  switch (by) {
    case 'last_active':
      return row.last_active;
    case 'accuracy':
      return accuracy(row);
    case 'assignments':
      return row.assignments_open > 0 ? row.assignments_submitted / row.assignments_open : null;
    default:
      return row[by];
  }
}

/**
 * The activity rows sorted by a column. Missing values (never active, no answer, no score) go
 * last whichever the direction; ties by name in the language's order.
 */
export function sortActivity(
  rows: readonly StudentActivityRow[],
  by: ActivitySort,
  direction: SortDirection,
  language: string,
): StudentActivityRow[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  const byName = (a: StudentActivityRow, b: StudentActivityRow) =>
    collator.compare(a.name, b.name) || a.user_id.localeCompare(b.user_id);
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (by === 'name') return sign * byName(a, b);
    const va = valueOf(a, by);
    const vb = valueOf(b, by);
    if (va === null && vb !== null) return 1;
    if (vb === null && va !== null) return -1;
    if (va !== null && vb !== null && va !== vb) {
      const diff = typeof va === 'string' ? va.localeCompare(String(vb)) : va - (vb as number);
      return sign * diff;
    }
    return byName(a, b);
  });
}
