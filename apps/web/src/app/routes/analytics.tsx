import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTeachingClasses } from '@/features/classes/api/classes';
import { classTitle } from '@/features/classes/lib/filter';
import { ClassPicker } from '@/features/analytics/components/class-picker';
import { ClassScreen } from '@/features/analytics/components/class-screen';
import { NoAccess } from '@/features/analytics/components/no-access';
import { classAnalyticsPath } from '@/features/analytics/lib/paths';
import { ErrorBox, LoadingState } from '@/components/ui/states';
import { usePageTitle } from '@/lib/page-title';
import { useSignedInUser } from './use-user';

/**
 * `/dashboard/analytics` and `/dashboard/analytics/:classId`: the teacher's class analytics. The
 * classes come from "the classes I teach"; someone who teaches none (a student) sees that the
 * page is not for them. The chosen class lives in the URL; with one class it opens at once.
 */
export function AnalyticsPage() {
  const { classId } = useParams();
  const user = useSignedInUser();
  const teaching = useTeachingClasses();
  const { t } = useTranslation(['analytics', 'classes']);
  usePageTitle('dashboard:tools.analytics.name');

  if (teaching.isPending) return <LoadingState>{t('analytics:class.loading')}</LoadingState>;
  if (teaching.isError) {
    return (
      <ErrorBox retryLabel={t('analytics:retry')} onRetry={() => void teaching.refetch()}>
        {t('classes:teacher.loadError')}
      </ErrorBox>
    );
  }
  const classes = teaching.data.items.map((c) => ({
    id: c.id,
    title: classTitle(c, t('classes:student.fallbackTitle')),
  }));
  if (user.role !== 'teacher' && classes.length === 0) return <NoAccess />;
  if (!classId) {
    if (classes.length === 1) return <Navigate to={classAnalyticsPath(classes[0]!.id)} replace />;
    return <ClassPicker classes={classes} canCreate={user.role === 'teacher'} />;
  }
  return <ClassScreen key={classId} classId={classId} classes={classes} />;
}
