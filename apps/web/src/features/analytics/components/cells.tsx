import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatPercent, lastActiveDate, relativeDay } from '../lib/format';
import { assignmentResultsPath, studentAnalyticsPath } from '../lib/paths';
import { STICKY_TH } from './section';

/** A last study day: "há 9 dias" over its date, or "hoje" / "ontem" alone (`lastActiveDate`). */
export function LastActive({ day, today, lang }: { day: string; today: string; lang: string }) {
  const date = lastActiveDate(day, today, lang);
  return (
    <span className="flex flex-col">
      <span>{relativeDay(day, today, lang)}</span>
      {date ? <span className="text-xs text-zinc-400">{date}</span> : null}
    </span>
  );
}

/** A share as a percentage, or "—" when there is none. */
export function Percent({ value }: { value: number | null }) {
  const { t, i18n } = useTranslation('analytics');
  return value === null ? (
    <span className="text-zinc-400">{t('none')}</span>
  ) : (
    formatPercent(value, i18n.language)
  );
}

/** A skill's code (when it has one) and name. */
export function SkillName({ code, name }: { code: string | null; name: string }) {
  return (
    <>
      {code ? <span className="mr-1 font-mono text-zinc-400">{code}</span> : null}
      {name}
    </>
  );
}

/**
 * A row's heading that names a student of the class: a link to their page. A name cut short by
 * its column ("Bruno Teixe…") shows whole on the pointer (`title`); it is read whole anyway.
 */
export function StudentRowHeader({
  classId,
  userId,
  name,
}: {
  classId: string;
  userId: string;
  name: string;
}) {
  return (
    <th scope="row" className={STICKY_TH}>
      <Link
        to={studentAnalyticsPath(classId, userId)}
        title={name}
        className="block truncate rounded hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        {name}
      </Link>
    </th>
  );
}

/** The link to an assignment's results screen (one student's answers open when `userId` is given). */
export function ResultsLink({
  assignmentId,
  userId,
  label,
  children,
}: {
  assignmentId: string;
  userId?: string;
  /** The accessible name (the link's text names no assignment). */
  label: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={assignmentResultsPath(assignmentId, userId)}
      className="text-violet-200 hover:underline"
      aria-label={label}
    >
      {children}
    </Link>
  );
}
