import { useSearchParams } from 'react-router';
import { PracticeScreen } from '@/features/exercises/components/practice/practice-screen';
import { SkillList } from '@/features/exercises/components/practice/skill-list';
import { practiceTarget } from '@/features/exercises/lib/practice-paths';
import { usePageTitle } from '@/lib/page-title';

/**
 * `/dashboard/adaptive` ("Prática adaptativa"): the skills of the student's pool; with
 * `?habilidade=<id>` the practice of one skill, with `?modo=preciso` "o que eu mais preciso".
 */
export function AdaptivePage() {
  usePageTitle('dashboard:tools.adaptive.name');
  const [search] = useSearchParams();
  const target = practiceTarget(search);
  if (target.kind === 'list') return <SkillList />;
  const skillId = target.kind === 'skill' ? target.skillId : null;
  return <PracticeScreen key={skillId ?? '*need*'} skillId={skillId} />;
}
