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
import { HEAD_ROW, ROW, Section, TableBox, TH } from './section';

/** Every sortable column but the name (the row header, sorted from its own header). */
const COLUMNS = ACTIVITY_SORTS.filter((c): c is Exclude<ActivitySort, 'name'> => c !== 'name');

/**
 * Ten columns did not fit the screen's width on a computer (the last ones, "Nota média" first,
 * only seen by scrolling sideways). From `lg` up the table is laid out fixed to its box with
 * these widths (100% in all), its headers in small type and wrapped (a long word hyphenated),
 * its cells wrapped; below `lg` it keeps its natural widths and scrolls in its box.
 */
const ACTIVITY_WIDTHS: Record<ActivitySort, string> = {
  name: 'lg:w-[15%]',
  last_active: 'lg:w-[12%]',
  active_days: 'lg:w-[8%]',
  reviews: 'lg:w-[9%]',
  answers: 'lg:w-[9%]',
  accuracy: 'lg:w-[9%]',
  study_ms: 'lg:w-[9%]',
  conversations: 'lg:w-[10%]',
  assignments: 'lg:w-[10%]',
  mean_score: 'lg:w-[9%]',
};

const HEAD_CELL =
  'min-w-[5.5rem] max-w-[8.5rem] px-3 py-2 text-left align-bottom font-semibold lg:max-w-none lg:min-w-0 lg:px-1.5 lg:text-xs lg:break-words lg:hyphens-auto';
const CELL = 'px-3 py-2 whitespace-nowrap lg:px-1.5 lg:break-words lg:whitespace-normal';

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
          sticky ? `sticky left-0 z-10 bg-zinc-900 align-bottom ${TH} lg:text-xs` : HEAD_CELL
        }
      >
        {/* The arrow follows the last word inline: in a narrow column it may take a line of its
            own rather than widen the column. */}
        <button
          type="button"
          className="rounded text-left hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          onClick={() =>
            setSort((s) =>
              s.by === by
                ? { by, dir: s.dir === 'asc' ? 'desc' : 'asc' }
                : { by, dir: defaultDirection(by) },
            )
          }
        >
          {t(`activity.columns.${by}`)}
          <Icon className="ml-1 inline size-3.5 align-[-0.125em] text-zinc-400" aria-hidden />
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
            className="lg:table-fixed"
          >
            <colgroup>
              {ACTIVITY_SORTS.map((c) => (
                <col key={c} className={ACTIVITY_WIDTHS[c]} />
              ))}
            </colgroup>
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
                  <td className={CELL}>
                    {s.last_active === null ? (
                      <span className="text-zinc-400">{t('activity.never')}</span>
                    ) : (
                      <LastActive day={s.last_active} today={today} lang={lang} />
                    )}
                  </td>
                  <td className={CELL}>{s.active_days}</td>
                  <td className={CELL}>{s.reviews}</td>
                  <td className={CELL}>{s.answers}</td>
                  <td className={CELL}>
                    <Percent value={accuracy(s)} />
                  </td>
                  <td className={CELL}>{formatDuration(s.study_ms, lang)}</td>
                  <td className={CELL}>{s.conversations}</td>
                  <td className={CELL}>
                    {t('activity.submittedOf', {
                      submitted: s.assignments_submitted,
                      open: s.assignments_open,
                    })}
                  </td>
                  <td className={CELL}>
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
