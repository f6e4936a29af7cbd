import { MyClasses } from '@/features/classes/components/student/my-classes';

/** `/dashboard/student`: "Minhas Turmas". */
export function StudentPage() {
  return <MyClasses />;
}
