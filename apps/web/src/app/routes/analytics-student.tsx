import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTeachingClasses } from '@/features/classes/api/classes';
import { NoAccess } from '@/features/analytics/components/no-access';
import { StudentScreen } from '@/features/analytics/components/student-screen';
import { LoadingState } from '@/components/ui/states';
import { usePageTitle } from '@/lib/page-title';
import { useSignedInUser } from './use-user';

/** `/dashboard/analytics/:classId/aluno/:userId`: one student as their teacher sees them. */
export function AnalyticsStudentPage() {
  const { classId = '', userId = '' } = useParams();
  const user = useSignedInUser();
  const teaching = useTeachingClasses();
  const { t } = useTranslation('analytics');
  usePageTitle('analytics:student.pageTitle');
  if (user.role !== 'teacher') {
    if (teaching.isPending) return <LoadingState>{t('student.loading')}</LoadingState>;
    if (!teaching.isError && teaching.data.items.length === 0) return <NoAccess />;
  }
  return <StudentScreen key={`${classId}/${userId}`} classId={classId} userId={userId} />;
}
