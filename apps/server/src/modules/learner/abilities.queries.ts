import type { Insertable, Selectable } from 'kysely';
import type { Executor, LearnerAbilityTable } from '../../db/types.ts';

/** Statements of `learner_abilities` (migration 0018): one row per student and skill. */

export type AbilityRow = Selectable<LearnerAbilityTable>;

export async function selectAbility(
  db: Executor,
  userId: string,
  skillId: string,
): Promise<AbilityRow | undefined> {
  return db
    .selectFrom('learner_abilities')
    .selectAll()
    .where('user_id', '=', userId)
    .where('skill_id', '=', skillId)
    .executeTakeFirst();
}

export async function selectAbilities(db: Executor, userId: string): Promise<AbilityRow[]> {
  return db.selectFrom('learner_abilities').selectAll().where('user_id', '=', userId).execute();
}

export async function upsertAbility(
  db: Executor,
  row: Insertable<LearnerAbilityTable>,
): Promise<void> {
  await db
    .insertInto('learner_abilities')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['user_id', 'skill_id']).doUpdateSet({
        ability: row.ability,
        answer_count: row.answer_count,
        recent: row.recent,
        level: row.level ?? null,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}
