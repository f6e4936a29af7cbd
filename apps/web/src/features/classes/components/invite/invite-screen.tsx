import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Ban, CalendarX2, MailWarning, SearchX, UserCheck, Users } from 'lucide-react';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import type { InvitePreview } from '@aprenda/shared/schemas/classes';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ApiError, errorMessage } from '@/lib/errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { useAcceptInvite, useInvitePreview } from '../../api/invites';
import { formatDateTime } from '../../lib/dates';
import { classTitle } from '../../lib/filter';
import { ErrorBox, LoadingState } from '@/components/ui/states';
import { LinkifiedText } from '../shared/linkified-text';

type Problem =
  'unknown' | 'expired' | 'revoked' | 'used_up' | 'email_mismatch' | 'email_unverified';

const PROBLEM_ICONS = {
  unknown: SearchX,
  expired: CalendarX2,
  revoked: Ban,
  used_up: Ban,
  email_mismatch: MailWarning,
  email_unverified: MailWarning,
} as const;

/** The path of the invite page, for /auth?next=… */
export function invitePath(token: string): string {
  return `/convite/${encodeURIComponent(token)}`;
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col px-4 py-10 [overflow-wrap:anywhere] sm:py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">{children}</CardContent>
      </Card>
    </div>
  );
}

/** Signed out: sign in or create an account, then come back here. */
function SignedOut({ token }: { token: string }) {
  const { t } = useTranslation('classes');
  const next = encodeURIComponent(invitePath(token));
  return (
    <Frame title={t('invite.title')}>
      <p className="text-zinc-300">{t('invite.signedOut')}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to={`/auth?next=${next}`} className={buttonVariants()}>
          {t('invite.signIn')}
        </Link>
        <Link
          to={`/auth?mode=signUp&next=${next}`}
          className={buttonVariants({ variant: 'outline' })}
        >
          {t('invite.signUp')}
        </Link>
      </div>
    </Frame>
  );
}

function InviteProblem({
  problem,
  email,
  action,
}: {
  problem: Problem;
  email: string;
  /** For `email_unverified`: how to get the confirmation mail again. */
  action?: ReactNode;
}) {
  const { t } = useTranslation('classes');
  const Icon = PROBLEM_ICONS[problem];
  return (
    <Frame title={t(`invite.problems.${problem}.title`)}>
      <div className="flex items-start gap-3">
        <Icon className="mt-0.5 size-6 shrink-0 text-warning" aria-hidden />
        <p className="text-zinc-300">{t(`invite.problems.${problem}.body`, { email })}</p>
      </div>
      {problem === 'email_unverified' && action ? action : null}
      <Link to="/dashboard/student" className={buttonVariants({ variant: 'outline' })}>
        {t('invite.toMyClasses')}
      </Link>
    </Frame>
  );
}

function problemOf(preview: InvitePreview): Problem | null {
  if (preview.already_member) return null;
  if (preview.status === 'expired') return 'expired';
  if (preview.status === 'revoked') return 'revoked';
  if (preview.status === 'used_up') return 'used_up';
  if (!preview.email_matches) return 'email_mismatch';
  if (preview.email_locked && !preview.email_verified) return 'email_unverified';
  return null;
}

function problemOfError(err: unknown): Problem | null {
  if (!(err instanceof ApiError)) return null;
  if (err.code === 'invite_used_up') return 'used_up';
  if (err.code === 'invite_email_mismatch') return 'email_mismatch';
  if (err.code === 'email_not_verified') return 'email_unverified';
  if (err.status === 410) return 'expired';
  if (err.status === 404) return 'unknown';
  return null;
}

/** Signed in: "Você entrou como X (e-mail) — entrar na turma Y?" with Join / Cancel. */
function SignedIn({
  token,
  user,
  verifyAction,
}: {
  token: string;
  user: SessionUser;
  verifyAction?: ReactNode;
}) {
  const { t, i18n } = useTranslation(['classes', 'errors']);
  const navigate = useNavigate();
  const preview = useInvitePreview(token, true);
  const accept = useAcceptInvite();

  if (preview.isPending) {
    return (
      <Frame title={t('invite.title')}>
        <LoadingState>{t('invite.loading')}</LoadingState>
      </Frame>
    );
  }
  if (preview.isError) {
    const problem = problemOfError(preview.error);
    if (problem) {
      return <InviteProblem problem={problem} email={user.email} action={verifyAction} />;
    }
    return (
      <Frame title={t('invite.title')}>
        <ErrorBox retryLabel={t('retry')} onRetry={() => void preview.refetch()}>
          {errorMessage(t, preview.error)}
        </ErrorBox>
      </Frame>
    );
  }

  const data = preview.data;
  const title = classTitle(data.class, t('student.fallbackTitle'));
  const classPath = `/dashboard/student/${encodeURIComponent(data.class.id)}`;
  const problem = problemOf(data);
  if (problem) return <InviteProblem problem={problem} email={user.email} action={verifyAction} />;

  if (data.already_member) {
    return (
      <Frame title={title}>
        <div className="flex items-start gap-3">
          <UserCheck className="mt-0.5 size-6 shrink-0 text-success" aria-hidden />
          <p className="text-zinc-300">{t('invite.alreadyMember', { title })}</p>
        </div>
        <Link to={classPath} className={buttonVariants()}>
          {t('invite.openClass')}
        </Link>
      </Frame>
    );
  }

  function join() {
    accept.mutate(
      { token },
      {
        onSuccess: (klass) => {
          toastSuccess(t('join.joined', { title: classTitle(klass, t('student.fallbackTitle')) }));
          // A teacher (co-teacher invite) lands where the class is managed.
          const screen = klass.role === 'teacher' ? 'teacher' : 'student';
          void navigate(`/dashboard/${screen}/${encodeURIComponent(klass.id)}`, { replace: true });
        },
        onError: (err) => {
          // 410 is both "expired" and "revoked" (cancelled meanwhile by the teacher): the toast
          // does not guess, the page read again says which.
          const gone = err instanceof ApiError && err.status === 410;
          const p = problemOfError(err);
          toastError(
            gone ? t('invite.gone') : p ? t(`invite.problems.${p}.title`) : errorMessage(t, err),
          );
          void preview.refetch();
        },
      },
    );
  }

  return (
    <Frame title={t('invite.title')}>
      <p className="text-lg text-zinc-100">
        {t('invite.confirm', { name: user.name, email: user.email, title })}
      </p>
      {data.class.description ? (
        <p className="line-clamp-4 text-sm whitespace-pre-line text-zinc-300 [overflow-wrap:anywhere]">
          <LinkifiedText text={data.class.description} />
        </p>
      ) : null}
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-zinc-400">{t('classPage.teachers')}</dt>
          <dd className="flex items-center gap-2">
            <Users className="size-4 text-primary" aria-hidden />
            {data.teachers.join(', ') || '—'}
          </dd>
        </div>
        <div>
          <dt className="text-zinc-400">{t('invite.roleLabel')}</dt>
          <dd>{t(`roles.${data.role}`)}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-zinc-400">{t('invite.expires')}</dt>
          <dd>{formatDateTime(data.expires_at, i18n.language)}</dd>
        </div>
      </dl>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to="/dashboard" className={buttonVariants({ variant: 'outline' })}>
          {t('cancel')}
        </Link>
        <Button onClick={join} pending={accept.isPending}>
          {t('invite.join')}
        </Button>
      </div>
    </Frame>
  );
}

/**
 * `/convite/:token`: works signed out (sign in or up, then back) and signed in (preview, join). An
 * invite locked to the user's e-mail waits for that e-mail to be confirmed (`verifyAction`: a way
 * to get the confirmation mail again).
 */
export function InviteScreen({
  token,
  user,
  verifyAction,
}: {
  token: string;
  user: SessionUser | null;
  verifyAction?: ReactNode;
}) {
  if (!user) return <SignedOut token={token} />;
  return <SignedIn token={token} user={user} verifyAction={verifyAction} />;
}
