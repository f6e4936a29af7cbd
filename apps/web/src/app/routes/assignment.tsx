import { useParams } from 'react-router';
import { useStudentAssignment } from '@/features/exercises/api/assignments';
import { AssignmentScreen } from '@/features/exercises/components/assignments/assignment-screen';
import { usePageTitle } from '@/lib/page-title';

/** `/dashboard/exercises/atividade/:assignmentId`: a student's assignment, its attempt and result. */
export function AssignmentPage() {
  const { assignmentId = '' } = useParams();
  const assignment = useStudentAssignment(assignmentId);
  usePageTitle(
    assignment.data ? 'assignments:pageTitle' : 'dashboard:tools.exercises.name',
    assignment.data ? { title: assignment.data.title } : undefined,
  );
  return <AssignmentScreen key={assignmentId} assignmentId={assignmentId} />;
}
