import { useTranslation } from 'react-i18next';
import { CircleCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { formatDuration } from '@/lib/intl-format';
import { timeZone } from '@/lib/time-zone';
import { useStudentInClass } from '../api/analytics';
import { attemptsCsv, skillsCsv } from '../lib/csv';
import { accuracy, DATE_TIME, formatAbility, formatInstant, studyDay } from '../lib/format';
import { classAnalyticsPath } from '../lib/paths';
import { reasonKey, reasonText } from '../lib/reasons';
import { LastActive, Percent, ResultsLink, SkillName } from './cells';
import { LevelMark } from './level-mark';
import { BackLink, QueryFallback, SCREEN_TITLE } from './screen-states';
import { DataSection, HeadRow, ROW, RowHeader, Section, TableBox, TD } from './section';
import { StudentDaysChart } from './student-days-chart';

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
    <BackLink to={classAnalyticsPath(classId)}>
      {query.data ? t('student.backNamed', { name: query.data.class.name }) : t('student.back')}
    </BackLink>
  );

  if (!query.isSuccess) {
    return (
      <QueryFallback
        query={query}
        back={back}
        loading={t('student.loading')}
        title={t('student.title')}
        notFoundTitle={t('student.notFoundTitle')}
        notFoundBody={t('student.notFoundBody')}
      />
    );
  }

  const data = query.data;
  const a = data.activity;
  const acc = accuracy(a);
  const today = studyDay(new Date(), tz);
  const fileTitle = `${data.student.name} - ${data.class.name}`;

  return (
    <div className="flex min-w-0 flex-col gap-8" data-testid="student-analytics">
      <header className="flex min-w-0 flex-col gap-2">
        {back}
        <h1 className={SCREEN_TITLE}>{data.student.name}</h1>
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
            {a.last_active === null ? (
              t('activity.never')
            ) : (
              <LastActive day={a.last_active} today={today} lang={lang} />
            )}
          </Fact>
          <Fact term={t('activity.columns.active_days')}>{a.active_days}</Fact>
          <Fact term={t('activity.columns.reviews')}>{a.reviews}</Fact>
          <Fact term={t('activity.columns.answers')}>{a.answers}</Fact>
          <Fact term={t('activity.columns.accuracy')}>
            <Percent value={acc} />
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
            <Percent value={a.mean_score} />
          </Fact>
        </dl>
      </Section>

      <DataSection
        title={t('student.attemptsTitle')}
        file={fileTitle}
        csv={() => attemptsCsv(t, data.attempts)}
        empty={data.attempts.length === 0 ? t('student.noAttempts') : null}
      >
        <TableBox caption={t('student.attemptsCaption')}>
          <HeadRow
            columns={[
              t('assignments.columns.title'),
              t('assignments.columns.due'),
              t('student.columns.submittedAt'),
              t('student.columns.attempts'),
              t('student.columns.best'),
              <span className="sr-only">{t('assignments.columns.results')}</span>,
            ]}
          />
          <tbody>
            {data.attempts.map((at) => (
              <tr key={at.assignment_id} className={ROW}>
                <RowHeader>{at.title}</RowHeader>
                <td className={TD}>{formatInstant(at.due_at, lang, tz, DATE_TIME)}</td>
                <td className={TD}>
                  {at.submitted_at === null ? (
                    <span className="text-zinc-400">{t('student.notSubmitted')}</span>
                  ) : (
                    formatInstant(at.submitted_at, lang, tz, DATE_TIME)
                  )}
                  {at.late ? (
                    <Badge className="ml-2 border-amber-400/40 bg-amber-400/10 text-amber-200">
                      {t('student.late')}
                    </Badge>
                  ) : null}
                </td>
                <td className={TD}>{at.attempts}</td>
                <td className={TD}>
                  <Percent value={at.best_score} />
                </td>
                <td className={TD}>
                  <ResultsLink
                    assignmentId={at.assignment_id}
                    userId={data.student.user_id}
                    label={t('student.openAttemptNamed', { title: at.title })}
                  >
                    {t('student.openAttempt')}
                  </ResultsLink>
                </td>
              </tr>
            ))}
          </tbody>
        </TableBox>
      </DataSection>

      <DataSection
        title={t('student.skillsTitle')}
        file={fileTitle}
        csv={() => skillsCsv(t, data.skills)}
        empty={data.skills.length === 0 ? t('student.noSkills') : null}
      >
        <TableBox caption={t('student.skillsCaption')}>
          <HeadRow
            columns={[
              t('missed.columns.skill'),
              t('student.columns.level'),
              t('student.columns.ability'),
              t('missed.columns.answers'),
            ]}
          />
          <tbody>
            {data.skills.map((s) => (
              <tr key={s.skill_id} className={ROW}>
                <RowHeader>
                  <SkillName code={s.code} name={s.name} />
                </RowHeader>
                <td className={TD}>
                  <LevelMark level={s.level} withText />
                </td>
                <td className={TD}>{formatAbility(s.ability, lang)}</td>
                <td className={TD}>{s.answer_count}</td>
              </tr>
            ))}
          </tbody>
        </TableBox>
      </DataSection>

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
