import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { preloadMarkdown } from '@/components/markdown/markdown';
import { ErrorBox, LoadingState } from '@/components/ui/states';
import { errorCode } from '@/lib/errors';
import { useAttempt, useStudentAssignment } from '../../api/assignments';
import { answerLang } from '../../lib/assignments-attempt';
import { AssignmentOverview, BackToList } from './assignment-overview';
import { AttemptResult } from './attempt-result';
import { AttemptRunner } from './attempt-runner';

/** `?tentativa=<id>`: the attempt on screen (a reload keeps it). */
export const ATTEMPT_PARAM = 'tentativa';

/**
 * `/dashboard/exercises/atividade/:assignmentId`: the assignment before starting, the attempt
 * being taken (one question at a time), or its result once handed in.
 */
export function AssignmentScreen({ assignmentId }: { assignmentId: string }) {
  const { t, i18n } = useTranslation(['assignments', 'errors']);
  const lang = answerLang(i18n.language);
  const [search, setSearch] = useSearchParams();
  const attemptId = search.get(ATTEMPT_PARAM);
  const assignment = useStudentAssignment(assignmentId);
  const attempt = useAttempt(attemptId, lang);
  // After the user's own act here (start, continue, hand in, try again) the button they pressed
  // is gone with the view it was in: the next view takes focus, not <body>.
  const [acted, setActed] = useState(false);
  // Questions carry maths and formatting: the renderer comes while the overview is read.
  useEffect(() => void preloadMarkdown(), []);

  function openAttempt(id: string | null) {
    setActed(true);
    setSearch(id ? { [ATTEMPT_PARAM]: id } : {});
  }

  if (assignment.isPending || (attemptId && attempt.isPending)) {
    return <LoadingState>{t('screen.loading')}</LoadingState>;
  }
  if (assignment.isError || attempt.isError) {
    const failed = assignment.isError ? assignment : attempt;
    return (
      <section className="flex flex-col gap-4">
        <BackToList />
        {errorCode(failed.error) === 'not_found' ? (
          // Removed by the teacher (or the class left) while open: trying again cannot help.
          <ErrorBox>{t('screen.notFound')}</ErrorBox>
        ) : (
          <ErrorBox retryLabel={t('retry')} onRetry={() => void failed.refetch()}>
            {t('screen.loadError')}
          </ErrorBox>
        )}
      </section>
    );
  }
  const a = assignment.data;
  if (attempt.data && attempt.data.assignment_id === a.id) {
    return attempt.data.submitted_at ? (
      <AttemptResult
        assignment={a}
        attempt={attempt.data}
        onOpenAttempt={openAttempt}
        focusOnShow={acted}
      />
    ) : (
      <AttemptRunner
        key={attempt.data.id}
        assignment={a}
        attempt={attempt.data}
        focusOnShow={acted}
        onHandedIn={() => setActed(true)}
      />
    );
  }
  return <AssignmentOverview assignment={a} onOpenAttempt={openAttempt} />;
}
