import { useEffect, useEffectEvent, useState } from 'react';
import type { FormDrafts } from './form-drafts';

/**
 * A dialog form's values kept on this device while they differ from what the form opened with
 * (`initial`, which must not change while the form is open): opened again — after the session
 * expired and the user signed in again, after a reload — the form starts from that draft and says
 * so (`restored`). `onDirty` hears whether there is unsaved work (closing then asks first).
 * `saved()` forgets the draft once the server has it; `discard()` goes back to `initial`.
 * `draftKey` null (the user not known yet): nothing is kept.
 */
export function useFormDraft<T>({
  drafts,
  draftKey,
  initial,
  same,
  onDirty,
}: {
  drafts: Pick<FormDrafts<T>, 'load' | 'store' | 'clear'>;
  draftKey: string | null;
  initial: T;
  same: (a: T, b: T) => boolean;
  onDirty?: ((dirty: boolean) => void) | undefined;
}) {
  const [restoredDraft] = useState<T | null>(() => {
    const draft = draftKey ? drafts.load(draftKey) : null;
    return draft && !same(draft, initial) ? draft : null;
  });
  const [values, setValues] = useState<T>(() => restoredDraft ?? initial);
  const [restored, setRestored] = useState(restoredDraft !== null);
  const dirty = !same(values, initial);

  const reportDirty = useEffectEvent((value: boolean) => onDirty?.(value));
  useEffect(() => reportDirty(dirty), [dirty]);

  // Every change is kept at once: a session can end between two keystrokes.
  const keep = useEffectEvent(() => {
    if (!draftKey) return;
    if (dirty) drafts.store(draftKey, values);
    else drafts.clear(draftKey);
  });
  useEffect(() => keep(), [values, draftKey]);

  function saved() {
    if (draftKey) drafts.clear(draftKey);
    setRestored(false);
  }

  function discard() {
    saved();
    setValues(initial);
  }

  return { values, setValues, dirty, restored, saved, discard };
}
