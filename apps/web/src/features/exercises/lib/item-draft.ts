import { z } from 'zod';
import { ITEM_KINDS } from '@aprenda/shared/schemas/exercises';
import { DEVICE_DRAFT_MAX_AGE_MS, DEVICE_DRAFTS_MAX, deviceDrafts } from '@/lib/device-drafts';
import { emptyVariable, type ItemFormValues } from './item-form';

/**
 * A question being written or edited and not yet saved, kept on this device
 * (lib/device-drafts.ts) per user and per question (`new` for "Nova questão") while it differs
 * from the saved question: a reload, the browser's Back or a closed tab never loses it, and the
 * editor of the same question opens with it again. Saving or discarding removes it. The teacher's
 * typing wins: a draft is offered even when the question changed on the server meanwhile. Only the
 * newest `ITEM_DRAFTS_MAX` drafts of a user, none older than `ITEM_DRAFT_MAX_AGE_MS`, are kept;
 * signing out removes them all.
 */
export const ITEM_DRAFTS_MAX = DEVICE_DRAFTS_MAX;
export const ITEM_DRAFT_MAX_AGE_MS = DEVICE_DRAFT_MAX_AGE_MS;

const text = z.string();
const valuesSchema = z.object({
  kind: z.enum(ITEM_KINDS),
  stem: text,
  explanation: text,
  skill_id: text.nullable(),
  public: z.boolean(),
  shuffleChoices: z.boolean(),
  choices: z.array(
    z.object({
      id: text,
      text,
      correct: z.boolean(),
      feedback: text,
      misconception: text,
    }),
  ),
  answer: text,
  tolerance: text,
  toleranceKind: z.enum(['absolute', 'relative']),
  formula: text,
  accepted: z.array(text),
  expression: text,
  templateOn: z.boolean(),
  variables: z.array(z.object({ name: text, min: text, max: text, step: text })),
});
const drafts = deviceDrafts({ prefix: 'aprenda.exercises.item-draft', schema: valuesSchema });

/** The slot of `itemId` (or of a new question) for `userId`. */
export function itemDraftKey(userId: string, itemId?: string): string {
  return drafts.key(userId, itemId ?? 'new');
}

/** The draft kept in `key`, or null (none, too old or unreadable: such a slot is emptied). */
export function loadItemDraft(key: string, now = Date.now()): ItemFormValues | null {
  const values = drafts.load(key, now);
  if (!values) return null;
  const { variables, ...rest } = values;
  // Rows get fresh React keys: the stored ones may repeat keys this page already handed out.
  return { ...rest, variables: variables.map((v) => ({ ...emptyVariable(), ...v })) };
}

/** Keep `values` in `key`; the user's oldest drafts beyond `ITEM_DRAFTS_MAX` go. */
export function storeItemDraft(key: string, values: ItemFormValues, now = Date.now()): void {
  const variables = values.variables.map(({ name, min, max, step }) => ({ name, min, max, step }));
  drafts.store(key, { ...values, variables }, now);
}

export const clearItemDraft = (key: string): void => drafts.clear(key);

/** Whether two forms hold the same question (a variable's React key does not count). */
export function sameItemValues(a: ItemFormValues, b: ItemFormValues): boolean {
  const plain = (v: ItemFormValues) =>
    JSON.stringify({ ...v, variables: v.variables.map(({ key: _key, ...rest }) => rest) });
  return plain(a) === plain(b);
}
