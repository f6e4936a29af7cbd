import { useParams } from 'react-router';
import { ClassManage } from '@/features/classes/components/teacher/class-manage';
import { usePageTitle } from '@/lib/page-title';

/** `/dashboard/teacher/:classId`: members, invites, calendar and code of one class. */
export function TeacherClassPage() {
  const { classId = '' } = useParams();
  usePageTitle('classes:classPage.manage');
  return <ClassManage key={classId} classId={classId} />;
}
