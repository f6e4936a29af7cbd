import { z } from 'zod';
import { ITEM_KINDS } from '@aprenda/shared/schemas/exercises';
import { emptyVariable, type ItemFormValues } from './item-form';

/**
 * A question being written or edited and not yet saved, kept on this device (localStorage) per
 * user and per question (`new` for "Nova questão") while it differs from the saved question: a
 * reload, the browser's Back or a closed tab never loses it, and the editor of the same question
 * opens with it again. Saving or discarding removes it. The teacher's typing wins: a draft is
 * offered even when the question changed on the server meanwhile. Only the newest
 * `ITEM_DRAFTS_MAX` drafts of a user, none older than `ITEM_DRAFT_MAX_AGE_MS`, are kept; signing
 * out removes them all (lib/device-data.ts: every key starts with `aprenda`).
 */
const PREFIX = 'aprenda.exercises.item-draft.';

export const ITEM_DRAFTS_MAX = 20;
export const ITEM_DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** The slot of `itemId` (or of a new question) for `userId`. */
export function itemDraftKey(userId: string, itemId?: string): string {
  return `${PREFIX}${userId}.${itemId ?? 'new'}`;
}

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
const entrySchema = z.object({ at: z.number(), values: valuesSchema });

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readEntry(store: Storage, key: string): z.infer<typeof entrySchema> | null {
  try {
    const raw = store.getItem(key);
    const parsed = raw ? entrySchema.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The draft kept in `key`, or null (none, too old or unreadable: such a slot is emptied). */
export function loadItemDraft(key: string, now = Date.now()): ItemFormValues | null {
  const store = storage();
  if (!store) return null;
  const entry = readEntry(store, key);
  if (!entry || now - entry.at > ITEM_DRAFT_MAX_AGE_MS) {
    clearItemDraft(key);
    return null;
  }
  const { variables, ...rest } = entry.values;
  // Rows get fresh React keys: the stored ones may repeat keys this page already handed out.
  return { ...rest, variables: variables.map((v) => ({ ...emptyVariable(), ...v })) };
}

/** Keep `values` in `key`; the user's oldest drafts beyond `ITEM_DRAFTS_MAX` go. */
export function storeItemDraft(key: string, values: ItemFormValues, now = Date.now()): void {
  const store = storage();
  if (!store) return;
  try {
    const variables = values.variables.map(({ name, min, max, step }) => ({
      name,
      min,
      max,
      step,
    }));
    store.setItem(key, JSON.stringify({ at: now, values: { ...values, variables } }));
  } catch {
    // storage full or blocked: the form still holds what was typed
  }
  // The user's slots: the key up to its last dot (an item id, a UUID, or `new`, has none).
  pruneItemDrafts(store, key.slice(0, key.lastIndexOf('.') + 1), now);
}

export function clearItemDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // nothing to clear
  }
}

/** Drop the drafts under `userPrefix` that are too old or beyond the newest `ITEM_DRAFTS_MAX`. */
function pruneItemDrafts(store: Storage, userPrefix: string, now: number): void {
  try {
    const slots: { key: string; at: number }[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (!key?.startsWith(userPrefix)) continue;
      slots.push({ key, at: readEntry(store, key)?.at ?? 0 });
    }
    slots.sort((a, b) => b.at - a.at);
    slots
      .filter((slot, i) => i >= ITEM_DRAFTS_MAX || now - slot.at > ITEM_DRAFT_MAX_AGE_MS)
      .forEach((slot) => store.removeItem(slot.key));
  } catch {
    // storage blocked: nothing to prune
  }
}

/** Whether two forms hold the same question (a variable's React key does not count). */
export function sameItemValues(a: ItemFormValues, b: ItemFormValues): boolean {
  const plain = (v: ItemFormValues) =>
    JSON.stringify({ ...v, variables: v.variables.map(({ key: _key, ...rest }) => rest) });
  return plain(a) === plain(b);
}
