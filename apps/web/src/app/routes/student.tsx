import { MyClasses } from '@/features/classes/components/student/my-classes';
import { usePageTitle } from '@/lib/page-title';

/** `/dashboard/student`: "Minhas Turmas". */
export function StudentPage() {
  usePageTitle('dashboard:tools.student.name');
  return <MyClasses />;
}
