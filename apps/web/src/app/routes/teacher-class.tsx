import { useParams } from 'react-router';
import { ClassManage } from '@/features/classes/components/teacher/class-manage';

/** `/dashboard/teacher/:classId`: members, invites, calendar and code of one class. */
export function TeacherClassPage() {
  const { classId = '' } = useParams();
  return <ClassManage key={classId} classId={classId} />;
}
