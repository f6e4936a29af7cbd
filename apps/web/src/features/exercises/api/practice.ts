import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PracticeAnswerInput,
  PracticeAnswerResult,
  PracticeNext,
  PracticeSkill,
  SkillHistoryEntry,
} from '@aprenda/shared/schemas/exercises';
import { api } from '@/lib/api-client';
import { timeZone } from '@/lib/time-zone';
import { withMastery } from '../lib/practice-mastery';
import { practiceKeys } from './practice-keys';

/** GET /practice/skills — the skills of the caller's pool with their standing. */
export function practiceSkillsQueryOptions() {
  return queryOptions({
    queryKey: practiceKeys.skills(),
    queryFn: ({ signal }) => api().get<PracticeSkill[]>('/practice/skills', { signal }),
  });
}

export function usePracticeSkills() {
  return useQuery(practiceSkillsQueryOptions());
}

/** POST /practice/next — the next item of a skill, or of "o que eu mais preciso" (null). */
export function fetchNextItem(skillId: string | null): Promise<PracticeNext> {
  return api().post<PracticeNext>('/practice/next', { body: { skill_id: skillId } });
}

/** POST /practice/answers — idempotent by the client's id; `tz`: the study day it counts for. */
export function submitPracticeAnswer(body: PracticeAnswerInput): Promise<PracticeAnswerResult> {
  return api().post<PracticeAnswerResult>('/practice/answers', {
    body: { ...body, tz: body.tz ?? timeZone() },
  });
}

/** GET /practice/skills/{id}/history — the answers that moved a skill, newest first. */
export function skillHistoryQueryOptions(skillId: string) {
  return queryOptions({
    queryKey: practiceKeys.history(skillId),
    queryFn: ({ signal }) =>
      api().get<SkillHistoryEntry[]>('/practice/skills/{id}/history', {
        params: { id: skillId },
        signal,
      }),
  });
}

export function useSkillHistory(skillId: string, enabled: boolean) {
  return useQuery({ ...skillHistoryQueryOptions(skillId), enabled });
}

/** After an answer: the skill's new standing in the list, and its history asked again. */
export function useRecordAnswer() {
  const queryClient = useQueryClient();
  return (answer: PracticeAnswerResult) => {
    queryClient.setQueryData(practiceKeys.skills(), (skills: PracticeSkill[] | undefined) =>
      withMastery(skills, answer.mastery),
    );
    void queryClient.invalidateQueries({ queryKey: practiceKeys.history(answer.mastery.skill_id) });
  };
}
