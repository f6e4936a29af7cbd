import type { Executor } from '../../db/types.ts';

/** For "Baixar meus dados": what the learner model holds of the user, per skill. */
export function selectAbilitiesForExport(db: Executor, userId: string) {
  return db
    .selectFrom('learner_abilities as a')
    .innerJoin('skills as s', 's.id', 'a.skill_id')
    .select([
      'a.skill_id',
      's.name as skill',
      'a.level',
      'a.ability',
      'a.answer_count',
      'a.updated_at',
    ])
    .where('a.user_id', '=', userId)
    .orderBy('s.name')
    .orderBy('a.skill_id')
    .execute();
}
