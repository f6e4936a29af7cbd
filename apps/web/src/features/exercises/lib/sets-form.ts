import type { TFunction } from 'i18next';
import type { FieldError } from '@aprenda/shared/errors';
import {
  DRAW_COUNT_MAX,
  SET_DESCRIPTION_MAX,
  SET_ENTRIES_MAX,
  SET_TITLE_MAX,
  type Assignment,
  type ExerciseSet,
  type ItemKind,
  type SetInput,
} from '@aprenda/shared/schemas/exercises';

/** The set editor (no JSX): entries as drafts, size, moves, checks and the server's field errors. */

export type EntryDraft =
  | { key: string; type: 'item'; itemId: string; kind: ItemKind | null; stem: string | null }
  | { key: string; type: 'draw'; skillId: string; count: number };

export interface SetFormValues {
  title: string;
  description: string;
  entries: EntryDraft[];
}

export interface SetFormErrors {
  title?: string;
  description?: string;
  /** About the list as a whole (empty, too long). */
  entries?: string;
  /** By entry key: an item that is gone, twice, an unknown skill. */
  entry?: Record<string, string>;
}

let keySeq = 0;
function nextKey(): string {
  keySeq += 1;
  return `entry-${keySeq}`;
}

export function setFormValues(set?: ExerciseSet): SetFormValues {
  return {
    title: set?.title ?? '',
    description: set?.description ?? '',
    entries: (set?.entries ?? []).map((e) =>
      'item_id' in e
        ? { key: nextKey(), type: 'item', itemId: e.item_id, kind: e.kind, stem: e.stem }
        : { key: nextKey(), type: 'draw', skillId: e.skill_id, count: e.count },
    ),
  };
}

/** How many items each student answers: one per chosen item, N per draw. */
export function setSize(entries: readonly EntryDraft[]): number {
  return entries.reduce((sum, e) => sum + (e.type === 'item' ? 1 : e.count), 0);
}

/** The entries with one item added at the end (unchanged when it is there already). */
export function addItem(
  entries: readonly EntryDraft[],
  item: { id: string; kind: ItemKind; stem: string },
): EntryDraft[] {
  if (entries.some((e) => e.type === 'item' && e.itemId === item.id)) return [...entries];
  return [
    ...entries,
    { key: nextKey(), type: 'item', itemId: item.id, kind: item.kind, stem: item.stem },
  ];
}

/** The entries with a draw of `count` items of a skill added at the end. */
export function addDraw(
  entries: readonly EntryDraft[],
  skillId: string,
  count: number,
): EntryDraft[] {
  return [...entries, { key: nextKey(), type: 'draw', skillId, count }];
}

/** The entry at `index` moved by `delta` places (−1 up, +1 down); unchanged at the ends. */
export function moveEntry(
  entries: readonly EntryDraft[],
  index: number,
  delta: number,
): EntryDraft[] {
  const to = index + delta;
  if (index < 0 || index >= entries.length || to < 0 || to >= entries.length) return [...entries];
  const out = [...entries];
  const [moved] = out.splice(index, 1);
  out.splice(to, 0, moved!);
  return out;
}

export function removeEntry(entries: readonly EntryDraft[], key: string): EntryDraft[] {
  return entries.filter((e) => e.key !== key);
}

/** A draw's count as typed, or null unless a whole number 1–DRAW_COUNT_MAX. */
export function drawCount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= 1 && n <= DRAW_COUNT_MAX ? n : null;
}

export type SetFormResult = { ok: true; data: SetInput } | { ok: false; errors: SetFormErrors };

export function validateSetForm(t: TFunction, values: SetFormValues): SetFormResult {
  const errors: SetFormErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = t('sets:validation.required');
  else if (title.length > SET_TITLE_MAX) {
    errors.title = t('sets:validation.tooLong', { max: SET_TITLE_MAX });
  }
  const description = values.description.trim();
  if (description.length > SET_DESCRIPTION_MAX) {
    errors.description = t('sets:validation.tooLong', { max: SET_DESCRIPTION_MAX });
  }
  if (values.entries.length === 0) errors.entries = t('sets:validation.noEntries');
  else if (values.entries.length > SET_ENTRIES_MAX) {
    errors.entries = t('sets:validation.tooManyEntries', { max: SET_ENTRIES_MAX });
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    data: {
      title,
      description,
      entries: values.entries.map((e) =>
        e.type === 'item' ? { item_id: e.itemId } : { skill_id: e.skillId, count: e.count },
      ),
    },
  };
}

const ENTRY_CODES = ['unknown_item', 'duplicate_item', 'unknown_skill'] as const;

/** The server's 400 `errors[]` on the form: `title`, `description`, `entries`, `entries.N.*`. */
export function setServerErrors(
  t: TFunction,
  entries: readonly EntryDraft[],
  errors: readonly FieldError[],
): SetFormErrors {
  const out: SetFormErrors = {};
  for (const error of errors) {
    const [field, index] = error.path.split('.');
    if (field === 'title' || field === 'description') {
      out[field] ??=
        error.code === 'too_big'
          ? t('sets:validation.tooLong', {
              max: error.maximum ?? (field === 'title' ? SET_TITLE_MAX : SET_DESCRIPTION_MAX),
            })
          : t('sets:validation.required');
    } else if (field === 'entries' && index !== undefined && entries[Number(index)]) {
      const code = (ENTRY_CODES as readonly string[]).includes(error.code)
        ? error.code
        : 'invalid_entry';
      out.entry = { ...out.entry, [entries[Number(index)]!.key]: t(`sets:validation.${code}`) };
    } else if (field === 'entries') {
      out.entries ??= t('sets:validation.noEntries');
    }
  }
  return out;
}

/** The classes a set was given to, each once, in the order given ("7º A", "7º B"). */
export function givenClassTitles(assignments: readonly Assignment[]): string[] {
  return [...new Set(assignments.map((a) => a.class_title))];
}
