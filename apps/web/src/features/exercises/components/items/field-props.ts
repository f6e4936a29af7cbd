import type { ItemFormValues } from '../../lib/item-form';

/** What every part of the item editor receives. */
export interface EditorPartProps {
  values: ItemFormValues;
  /** Change some values (their errors go away). */
  set: (patch: Partial<ItemFormValues>) => void;
  /** The translated error of a field path (see FormErrors), if any. */
  error: (path: string) => string | undefined;
  /** The DOM id of a field path (the editor focuses the first field at fault). */
  fieldId: (path: string) => string;
}
