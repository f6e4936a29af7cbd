import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, CircleCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { ErrorBox, LoadingState } from '@/components/ui/states';
import { errorCode, errorMessage } from '@/lib/errors';
import { formatDuration } from '@/lib/intl-format';
import { timeZone } from '@/lib/time-zone';
import { useStudentInClass } from '../api/analytics';
import { attemptsCsv, skillsCsv } from '../lib/csv';
import {
  accuracy,
  formatAbility,
  formatDay,
  formatInstant,
  formatPercent,
  relativeDay,
  studyDay,
} from '../lib/format';
import { assignmentResultsPath, classAnalyticsPath } from '../lib/paths';
import { reasonKey, reasonText } from '../lib/reasons';
import { CsvButton } from './csv-button';
import { LevelMark } from './level-mark';
import { HEAD_ROW, ROW, Section, STICKY_TH, TableBox, TD, TH } from './section';
import { StudentDaysChart } from './student-days-chart';

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };

/**
 * `/dashboard/analytics/:classId/aluno/:userId`: one student as their teacher sees them — why they
 * need attention, their activity, their assignments (each a link to its results with the
 * student's answers open), their skills and their last 30 days.
 */
export function StudentScreen({ classId, userId }: { classId: string; userId: string }) {
  const { t, i18n } = useTranslation(['analytics', 'errors']);
  const lang = i18n.language;
  const query = useStudentInClass(classId, userId);
  const tz = timeZone();
  const back = (
    <Link
      to={classAnalyticsPath(classId)}
      className="inline-flex items-center gap-1 self-start text-sm text-zinc-300 hover:text-foreground hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden />
      {query.data ? t('student.backNamed', { name: query.data.class.name }) : t('student.back')}
    </Link>
  );

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <LoadingState>{t('student.loading')}</LoadingState>
      </div>
    );
  }
  if (query.isError) {
    const notFound = errorCode(query.error) === 'not_found';
    return (
      <div className="flex flex-col gap-4">
        {back}
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {notFound ? t('student.notFoundTitle') : t('student.title')}
        </h1>
        {notFound ? (
          <p className="text-zinc-300">{t('student.notFoundBody')}</p>
        ) : (
          <ErrorBox retryLabel={t('retry')} onRetry={() => void query.refetch()}>
            {errorMessage(t, query.error)}
          </ErrorBox>
        )}
      </div>
    );
  }

  const data = query.data;
  const a = data.activity;
  const acc = accuracy(a);
  const today = studyDay(new Date(), tz);
  const fileTitle = `${data.student.name} - ${data.class.name}`;
  const none = <span className="text-zinc-400">{t('none')}</span>;

  return (
    <div className="flex min-w-0 flex-col gap-8" data-testid="student-analytics">
      <header className="flex min-w-0 flex-col gap-2">
        {back}
        <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] sm:text-3xl">
          {data.student.name}
        </h1>
        <p className="text-sm text-zinc-300 [overflow-wrap:anywhere]">
          {t('student.inClass', { name: data.class.name })}
        </p>
      </header>

      <Section title={t('student.reasonsTitle')} testId="student-reasons">
        {data.reasons.length === 0 ? (
          <p className="flex items-center gap-2 rounded-md border border-border p-4 text-sm text-zinc-200">
            <CircleCheck className="size-4 shrink-0 text-emerald-300" aria-hidden />
            {t('student.noReasons')}
          </p>
        ) : (
          <ul className="flex flex-col gap-1 rounded-md border border-amber-400/30 bg-amber-400/5 p-3 text-sm text-amber-100">
            {data.reasons.map((reason) => (
              <li key={reasonKey(reason)} data-testid="attention-reason">
                {reasonText(t, reason, lang)}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t('student.activityTitle')} lead={t('activity.lead')}>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3 lg:grid-cols-5">
          <Fact term={t('activity.columns.last_active')}>
            {a.last_active === null
              ? t('activity.never')
              : `${relativeDay(a.last_active, today, lang)} (${formatDay(a.last_active, lang)})`}
          </Fact>
          <Fact term={t('activity.columns.active_days')}>{a.active_days}</Fact>
          <Fact term={t('activity.columns.reviews')}>{a.reviews}</Fact>
          <Fact term={t('activity.columns.answers')}>{a.answers}</Fact>
          <Fact term={t('activity.columns.accuracy')}>
            {acc === null ? none : formatPercent(acc, lang)}
          </Fact>
          <Fact term={t('activity.columns.study_ms')}>{formatDuration(a.study_ms, lang)}</Fact>
          <Fact term={t('activity.columns.conversations')}>{a.conversations}</Fact>
          <Fact term={t('activity.columns.assignments')}>
            {t('activity.submittedOf', {
              submitted: a.assignments_submitted,
              open: a.assignments_open,
            })}
          </Fact>
          <Fact term={t('activity.columns.mean_score')}>
            {a.mean_score === null ? none : formatPercent(a.mean_score, lang)}
          </Fact>
        </dl>
      </Section>

      <Section
        title={t('student.attemptsTitle')}
        action={
          data.attempts.length > 0 ? (
            <CsvButton
              title={fileTitle}
              table={t('student.attemptsTitle')}
              rows={() => attemptsCsv(t, data.attempts)}
            />
          ) : null
        }
      >
        {data.attempts.length === 0 ? (
          <p className="rounded-md border border-dashed border-zinc-700 p-4 text-sm text-zinc-300">
            {t('student.noAttempts')}
          </p>
        ) : (
          <TableBox caption={t('student.attemptsCaption')}>
            <thead>
              <tr className={HEAD_ROW}>
                <th scope="col" className={`sticky left-0 z-10 bg-zinc-900 ${TH}`}>
                  {t('assignments.columns.title')}
                </th>
                <th scope="col" className={TH}>
                  {t('assignments.columns.due')}
                </th>
                <th scope="col" className={TH}>
                  {t('student.columns.submittedAt')}
                </th>
                <th scope="col" className={TH}>
                  {t('student.columns.attempts')}
                </th>
                <th scope="col" className={TH}>
                  {t('student.columns.best')}
                </th>
                <th scope="col" className={TH}>
                  <span className="sr-only">{t('assignments.columns.results')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.attempts.map((at) => (
                <tr key={at.assignment_id} className={ROW}>
                  <th scope="row" className={`${STICKY_TH} truncate`}>
                    {at.title}
                  </th>
                  <td className={TD}>{formatInstant(at.due_at, lang, tz, WHEN)}</td>
                  <td className={TD}>
                    {at.submitted_at === null ? (
                      <span className="text-zinc-400">{t('student.notSubmitted')}</span>
                    ) : (
                      formatInstant(at.submitted_at, lang, tz, WHEN)
                    )}
                    {at.late ? (
                      <Badge className="ml-2 border-amber-400/40 bg-amber-400/10 text-amber-200">
                        {t('student.late')}
                      </Badge>
                    ) : null}
                  </td>
                  <td className={TD}>{at.attempts}</td>
                  <td className={TD}>
                    {at.best_score === null ? none : formatPercent(at.best_score, lang)}
                  </td>
                  <td className={TD}>
                    <Link
                      to={assignmentResultsPath(at.assignment_id, data.student.user_id)}
                      className="text-violet-200 hover:underline"
                      aria-label={t('student.openAttemptNamed', { title: at.title })}
                    >
                      {t('student.openAttempt')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableBox>
        )}
      </Section>

      <Section
        title={t('student.skillsTitle')}
        action={
          data.skills.length > 0 ? (
            <CsvButton
              title={fileTitle}
              table={t('student.skillsTitle')}
              rows={() => skillsCsv(t, data.skills)}
            />
          ) : null
        }
      >
        {data.skills.length === 0 ? (
          <p className="rounded-md border border-dashed border-zinc-700 p-4 text-sm text-zinc-300">
            {t('student.noSkills')}
          </p>
        ) : (
          <TableBox caption={t('student.skillsCaption')}>
            <thead>
              <tr className={HEAD_ROW}>
                <th scope="col" className={`sticky left-0 z-10 bg-zinc-900 ${TH}`}>
                  {t('missed.columns.skill')}
                </th>
                <th scope="col" className={TH}>
                  {t('student.columns.level')}
                </th>
                <th scope="col" className={TH}>
                  {t('student.columns.ability')}
                </th>
                <th scope="col" className={TH}>
                  {t('missed.columns.answers')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.skills.map((s) => (
                <tr key={s.skill_id} className={ROW}>
                  <th scope="row" className={`${STICKY_TH} truncate`}>
                    {s.code ? <span className="mr-1 font-mono text-zinc-400">{s.code}</span> : null}
                    {s.name}
                  </th>
                  <td className={TD}>
                    <LevelMark level={s.level} withText />
                  </td>
                  <td className={TD}>{formatAbility(s.ability, lang)}</td>
                  <td className={TD}>{s.answer_count}</td>
                </tr>
              ))}
            </tbody>
          </TableBox>
        )}
      </Section>

      <StudentDaysChart days={data.days} fileTitle={fileTitle} />
    </div>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-zinc-400">{term}</dt>
      <dd className="font-medium tabular-nums [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}
