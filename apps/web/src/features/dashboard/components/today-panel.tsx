import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  AlertTriangle,
  CalendarDays,
  ChevronRight,
  ClipboardList,
  Flame,
  Layers,
  MessageSquare,
  Target,
  Users,
} from 'lucide-react';
import type { StudentToday, TeacherToday } from '@aprenda/shared/schemas/metrics';
import { ErrorBox, LoadingState } from '@/components/ui/states';
import { formatEventStart, formatInstant, formatNumber } from '@/lib/intl-format';
import { timeZone } from '@/lib/time-zone';
import { cn } from '@/lib/utils';
import { useToday } from '../api/today';
import { STREAK_MIN_ACTIONS, reasonText, streakLines, todayPaths } from '../lib/today';

/**
 * "Hoje": what to do now, from GET /api/today (issue 14). `inAClass`: whether the student is in a
 * class (their class list, composed by the route: features do not import each other), asked for
 * only when "Prática sugerida" has nothing to suggest; undefined while unknown.
 */
export function TodayPanel({ inAClass }: { inAClass?: boolean | undefined }) {
  const { t } = useTranslation('today');
  const today = useToday();
  return (
    <section aria-labelledby="today-heading" className="flex flex-col gap-3" data-testid="today">
      <h2 id="today-heading" className="text-lg font-semibold">
        {t('heading')}
      </h2>
      {today.isPending ? (
        <LoadingState>{t('loading')}</LoadingState>
      ) : today.isError ? (
        <ErrorBox retryLabel={t('retry')} onRetry={() => void today.refetch()}>
          {t('loadError')}
        </ErrorBox>
      ) : (
        <div className="flex flex-col gap-4">
          {today.data.teacher ? <TeacherTodayView today={today.data.teacher} /> : null}
          {today.data.student ? (
            <StudentTodayView today={today.data.student} inAClass={inAClass} />
          ) : null}
        </div>
      )}
    </section>
  );
}

function Tile({
  title,
  icon,
  children,
  testId,
  className,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  testId: string;
  className?: string;
}) {
  return (
    <section
      className={cn(
        'flex min-w-0 flex-col gap-2 rounded-lg border border-border bg-card p-4',
        className,
      )}
      data-testid={testId}
    >
      <h3 className="flex items-center gap-2 text-sm font-semibold text-zinc-200">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

function ItemLink({ to, children, hint }: { to: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <Link
      to={to}
      className="group flex min-w-0 items-center gap-2 rounded-md px-2 py-1.5 -mx-2 transition-colors hover:bg-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-medium [overflow-wrap:anywhere]">{children}</span>
        {hint ? <span className="text-xs text-zinc-400">{hint}</span> : null}
      </span>
      <ChevronRight
        className="size-4 shrink-0 text-zinc-500 group-hover:text-primary"
        aria-hidden
      />
    </Link>
  );
}

function Hint({ children }: { children: ReactNode }) {
  return <p className="text-sm text-zinc-300">{children}</p>;
}

function ActionLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="self-start py-1 text-sm font-medium text-primary hover:underline">
      {children}
    </Link>
  );
}

function StudentTodayView({
  today,
  inAClass,
}: {
  today: StudentToday;
  inAClass: boolean | undefined;
}) {
  const { t, i18n } = useTranslation('today');
  const lang = i18n.language;
  const tz = timeZone();
  const n = (v: number) => formatNumber(v, lang);
  const [streakCount, streakToday] = streakLines(today.streak, t, lang);
  const decks = today.cards.decks.filter((d) => d.due + d.new > 0).slice(0, 4);
  return (
    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="today-student">
      <Tile
        title={t('cards.title')}
        icon={<Layers className="size-4 text-violet-300" aria-hidden />}
        testId="today-cards"
      >
        {today.cards.due + today.cards.new === 0 ? (
          <>
            <Hint>{today.cards.decks.length === 0 ? t('cards.noDecks') : t('cards.allDone')}</Hint>
            <ActionLink to={todayPaths.flashcards()}>
              {today.cards.decks.length === 0 ? t('cards.createDeck') : t('cards.openDecks')}
            </ActionLink>
          </>
        ) : (
          <>
            <p className="text-sm text-zinc-200">
              {t('cards.summary', {
                due: t('cards.dueCount', { count: today.cards.due, n: n(today.cards.due) }),
                new: t('cards.newCount', { count: today.cards.new, n: n(today.cards.new) }),
              })}
            </p>
            <ul className="flex flex-col">
              {decks.map((d) => (
                <li key={d.id}>
                  <ItemLink
                    to={todayPaths.study(d.id)}
                    hint={t('cards.deckHint', {
                      due: t('cards.dueCount', { count: d.due, n: n(d.due) }),
                      new: t('cards.newCount', { count: d.new, n: n(d.new) }),
                    })}
                  >
                    {t('cards.study', { title: d.title })}
                  </ItemLink>
                </li>
              ))}
            </ul>
          </>
        )}
      </Tile>

      <Tile
        title={t('assignments.title')}
        icon={<ClipboardList className="size-4 text-sky-300" aria-hidden />}
        testId="today-assignments"
      >
        {today.assignments.length === 0 ? (
          <>
            <Hint>{t('assignments.none')}</Hint>
            <ActionLink to={todayPaths.exercises()}>{t('assignments.open')}</ActionLink>
          </>
        ) : (
          <ul className="flex flex-col">
            {today.assignments.slice(0, 5).map((a) => (
              <li key={a.id}>
                <ItemLink
                  to={todayPaths.assignment(a.id)}
                  hint={
                    <>
                      {a.class_name} ·{' '}
                      {a.overdue ? (
                        <span className="font-semibold text-amber-200">
                          {t('assignments.overdue', { when: formatInstant(a.due_at, lang, tz) })}
                        </span>
                      ) : (
                        t('assignments.due', { when: formatInstant(a.due_at, lang, tz) })
                      )}
                    </>
                  }
                >
                  {a.title}
                </ItemLink>
              </li>
            ))}
          </ul>
        )}
      </Tile>

      <Tile
        title={t('practice.title')}
        icon={<Target className="size-4 text-emerald-300" aria-hidden />}
        testId="today-practice"
      >
        {today.practice ? (
          <ItemLink
            to={todayPaths.practice(today.practice.skill_id)}
            hint={t(`practice.levels.${today.practice.level ?? 'none'}`)}
          >
            {today.practice.name}
          </ItemLink>
        ) : (
          <NoPractice inAClass={inAClass} />
        )}
      </Tile>

      <Tile
        title={t('streak.title')}
        icon={<Flame className="size-4 text-amber-300" aria-hidden />}
        testId="today-streak"
      >
        <p className="text-xl font-semibold tabular-nums">{streakCount}</p>
        <Hint>{streakToday}</Hint>
        <p className="text-xs text-zinc-400">{t('streak.rule', { min: STREAK_MIN_ACTIONS })}</p>
        <ActionLink to={todayPaths.metrics()}>{t('streak.metrics')}</ActionLink>
      </Tile>

      <Tile
        title={t('conversation.title')}
        icon={<MessageSquare className="size-4 text-rose-300" aria-hidden />}
        testId="today-conversation"
      >
        {today.last_conversation ? (
          <ItemLink
            to={todayPaths.conversation(today.last_conversation.id)}
            hint={t('conversation.updated', {
              when: formatInstant(today.last_conversation.updated_at, lang, tz),
            })}
          >
            {today.last_conversation.title}
          </ItemLink>
        ) : (
          <>
            <Hint>{t('conversation.none')}</Hint>
            <ActionLink to={todayPaths.chat()}>{t('conversation.start')}</ActionLink>
          </>
        )}
      </Tile>
    </div>
  );
}

/**
 * No skill to practise: adaptive practice draws on exercises linked to a skill in the student's
 * classes. Someone in no class is told to join one (with its invite code); someone in a class is
 * told why there is nothing yet. Until the class list is known (or when it cannot be read), only
 * what is true either way.
 */
function NoPractice({ inAClass }: { inAClass: boolean | undefined }) {
  const { t } = useTranslation('today');
  return (
    <>
      <Hint>
        {inAClass === false
          ? t('practice.none')
          : inAClass
            ? t('practice.nothingYet')
            : t('practice.appears')}
      </Hint>
      <ActionLink to={todayPaths.student()}>{t('practice.joinClass')}</ActionLink>
    </>
  );
}

function TeacherTodayView({ today }: { today: TeacherToday }) {
  const { t, i18n } = useTranslation('today');
  const lang = i18n.language;
  const tz = timeZone();
  const n = (v: number) => formatNumber(v, lang);
  return (
    <div className="grid gap-3 lg:grid-cols-2" data-testid="today-teacher">
      <Tile
        title={t('classes.title')}
        icon={<Users className="size-4 text-violet-300" aria-hidden />}
        testId="today-classes"
      >
        {today.classes.length === 0 ? (
          <>
            <Hint>{t('classes.none')}</Hint>
            <ActionLink to={todayPaths.newClass()}>{t('classes.create')}</ActionLink>
          </>
        ) : (
          <ul className="flex flex-col">
            {today.classes.map((c) => (
              <li key={c.id}>
                <ItemLink
                  to={todayPaths.classAnalytics(c.id)}
                  hint={[
                    t('classes.students', { count: c.students, n: n(c.students) }),
                    t('classes.submissions', { count: c.new_submissions, n: n(c.new_submissions) }),
                    t('classes.attention', { count: c.attention, n: n(c.attention) }),
                  ].join(' · ')}
                >
                  {c.name}
                </ItemLink>
              </li>
            ))}
          </ul>
        )}
      </Tile>

      <Tile
        title={t('attention.title')}
        icon={<AlertTriangle className="size-4 text-amber-300" aria-hidden />}
        testId="today-attention"
      >
        {today.attention.length === 0 ? (
          <Hint>{today.classes.length === 0 ? t('attention.noClasses') : t('attention.none')}</Hint>
        ) : (
          <ul className="flex flex-col">
            {today.attention.map((s) => (
              <li key={`${s.class_id}:${s.user_id}`}>
                <ItemLink
                  to={todayPaths.studentInClass(s.class_id, s.user_id)}
                  hint={
                    <>
                      {s.class_name}
                      {s.reasons.map((r, i) => (
                        <span key={i} className="block text-zinc-300">
                          {reasonText(r, t, lang)}
                        </span>
                      ))}
                    </>
                  }
                >
                  {s.name}
                </ItemLink>
              </li>
            ))}
          </ul>
        )}
      </Tile>

      <Tile
        title={t('events.title')}
        icon={<CalendarDays className="size-4 text-sky-300" aria-hidden />}
        testId="today-events"
        className="lg:col-span-2"
      >
        {today.events.length === 0 ? (
          <Hint>{t('events.none')}</Hint>
        ) : (
          <ul className="grid gap-x-4 sm:grid-cols-2">
            {today.events.map((e) => (
              <li key={e.id}>
                <ItemLink
                  to={todayPaths.teacherClass(e.class_id)}
                  hint={`${e.class_name} · ${formatEventStart(e, lang, tz)}`}
                >
                  {e.title}
                </ItemLink>
              </li>
            ))}
          </ul>
        )}
      </Tile>
    </div>
  );
}
