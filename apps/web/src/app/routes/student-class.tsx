import { useParams } from 'react-router';
import { ClassPage } from '@/features/classes/components/student/class-page';

/** `/dashboard/student/:classId`: the class page of a member. */
export function StudentClassPage() {
  const { classId = '' } = useParams();
  return <ClassPage key={classId} classId={classId} />;
}
