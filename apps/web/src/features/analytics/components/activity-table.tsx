import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ClassAnalytics } from '@aprenda/shared/schemas/metrics';
import { formatDuration } from '@/lib/intl-format';
import { activityCsv } from '../lib/csv';
import { accuracy } from '../lib/format';
import {
  ACTIVITY_SORTS,
  defaultDirection,
  sortActivity,
  type ActivitySort,
  type SortDirection,
} from '../lib/sort';
import { LastActive, Percent, StudentRowHeader } from './cells';
import { CsvButton } from './csv-button';
import { HEAD_ROW, ROW, Section, TableBox, TD, TH } from './section';

/** Every sortable column but the name (the row header, sorted from its own header). */
const COLUMNS = ACTIVITY_SORTS.filter((c): c is Exclude<ActivitySort, 'name'> => c !== 'name');

/** Activity per student over the last 30 days, sortable by any column, each name a link. */
export function ActivityTable({ data, today }: { data: ClassAnalytics; today: string }) {
  const { t, i18n } = useTranslation('analytics');
  const lang = i18n.language;
  const [sort, setSort] = useState<{ by: ActivitySort; dir: SortDirection }>({
    by: 'name',
    dir: 'asc',
  });
  const rows = sortActivity(data.students, sort.by, sort.dir, lang);
  const title = t('activity.title');
  const noActivity = data.students.every((s) => s.last_active === null);

  function header(by: ActivitySort, sticky = false) {
    const active = sort.by === by;
    const Icon = !active ? ArrowUpDown : sort.dir === 'asc' ? ArrowUp : ArrowDown;
    return (
      <th
        key={by}
        scope="col"
        aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
        className={
          sticky
            ? `sticky left-0 z-10 bg-zinc-900 align-bottom ${TH}`
            : 'max-w-[8.5rem] min-w-[5.5rem] px-3 py-2 text-left align-bottom font-semibold'
        }
      >
        <button
          type="button"
          className="inline-flex items-end gap-1 rounded text-left hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          onClick={() =>
            setSort((s) =>
              s.by === by
                ? { by, dir: s.dir === 'asc' ? 'desc' : 'asc' }
                : { by, dir: defaultDirection(by) },
            )
          }
        >
          {t(`activity.columns.${by}`)}
          <Icon className="size-3.5 text-zinc-400" aria-hidden />
        </button>
      </th>
    );
  }

  return (
    <Section
      title={title}
      testId="activity"
      lead={t('activity.lead')}
      action={
        data.students.length > 0 ? (
          <CsvButton title={data.class.name} table={title} rows={() => activityCsv(t, rows)} />
        ) : null
      }
    >
      {data.students.length === 0 ? null : (
        <>
          {noActivity ? (
            <p className="rounded-md border border-dashed border-zinc-700 p-3 text-sm text-zinc-300">
              {t('activity.noActivity')}
            </p>
          ) : null}
          <TableBox
            caption={t('activity.caption', {
              order: t(`activity.columns.${sort.by}`),
              direction: t(`sortDirection.${sort.dir}`),
            })}
            testId="activity-table"
          >
            <thead>
              <tr className={HEAD_ROW}>
                {header('name', true)}
                {COLUMNS.map((c) => header(c))}
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr key={s.user_id} className={ROW}>
                  <StudentRowHeader classId={data.class.id} userId={s.user_id} name={s.name} />
                  <td className={TD}>
                    {s.last_active === null ? (
                      <span className="text-zinc-400">{t('activity.never')}</span>
                    ) : (
                      <LastActive day={s.last_active} today={today} lang={lang} />
                    )}
                  </td>
                  <td className={TD}>{s.active_days}</td>
                  <td className={TD}>{s.reviews}</td>
                  <td className={TD}>{s.answers}</td>
                  <td className={TD}>
                    <Percent value={accuracy(s)} />
                  </td>
                  <td className={TD}>{formatDuration(s.study_ms, lang)}</td>
                  <td className={TD}>{s.conversations}</td>
                  <td className={TD}>
                    {t('activity.submittedOf', {
                      submitted: s.assignments_submitted,
                      open: s.assignments_open,
                    })}
                  </td>
                  <td className={TD}>
                    <Percent value={s.mean_score} />
                  </td>
                </tr>
              ))}
            </tbody>
          </TableBox>
        </>
      )}
    </Section>
  );
}
