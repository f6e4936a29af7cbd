import { TeacherClasses } from '@/features/classes/components/teacher/teacher-classes';

/** `/dashboard/teacher`: the classes I teach. */
export function TeacherPage() {
  return <TeacherClasses />;
}
