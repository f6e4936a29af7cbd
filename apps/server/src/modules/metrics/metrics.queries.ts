import type { Executor } from '../../db/types.ts';
import { DAY_COUNTS, type DayCounts } from './rollups.queries.ts';

/** One student's rollup row, numbers as numbers. */
export interface DayRow extends DayCounts {
  day: string;
}

/** The student's days from `from` on, oldest first (bounded by the student: one row a day). */
export async function selectDays(db: Executor, userId: string, from: string): Promise<DayRow[]> {
  const rows = await db
    .selectFrom('activity_days')
    .select(['day', ...DAY_COUNTS])
    .where('user_id', '=', userId)
    .where('day', '>=', from)
    .orderBy('day')
    .execute();
  return rows.map((r) => {
    const row = { day: r.day } as DayRow;
    for (const c of DAY_COUNTS) row[c] = Number(r[c]);
    return row;
  });
}
