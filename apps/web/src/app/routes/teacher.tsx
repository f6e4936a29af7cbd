import { TeacherClasses } from '@/features/classes/components/teacher/teacher-classes';
import { usePageTitle } from '@/lib/page-title';

/** `/dashboard/teacher`: the classes I teach. */
export function TeacherPage() {
  usePageTitle('dashboard:tools.teacher.name');
  return <TeacherClasses />;
}
