import { useParams } from 'react-router';
import { ClassPage } from '@/features/classes/components/student/class-page';
import { usePageTitle } from '@/lib/page-title';

/** `/dashboard/student/:classId`: the class page of a member. */
export function StudentClassPage() {
  const { classId = '' } = useParams();
  usePageTitle('common:pages.class');
  return <ClassPage key={classId} classId={classId} />;
}
