import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Undo2 } from 'lucide-react';
import { ITEM_KINDS, type ItemDetail, type ItemKind } from '@aprenda/shared/schemas/exercises';
import { SkillField } from '@/components/skills/skill-field';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { useCreateItem, useUpdateItem } from '../../api/items';
import {
  firstErrorPath,
  isChoiceKind,
  itemFormValues,
  nextItemValues,
  serverErrors,
  toItemInput,
  validateItemForm,
  type FormErrors,
  type ItemFormValues,
} from '../../lib/item-form';
import {
  clearItemDraft,
  loadItemDraft,
  sameItemValues,
  storeItemDraft,
} from '../../lib/item-draft';
import { AcceptedField, ExpressionField, NumericField } from './answer-fields';
import { ChoicesField } from './choices-field';
import type { EditorPartProps } from './field-props';
import { MarkdownField } from './markdown-field';
import { TemplateField } from './template-field';
import { ToggleSwitch } from './toggle-switch';

/** Which error paths a change of each value clears. */
const CLEARS: Partial<Record<keyof ItemFormValues, string[]>> = {
  stem: ['stem'],
  explanation: ['explanation'],
  choices: ['choices'],
  kind: ['choices', 'numeric', 'text', 'expression', 'form'],
  answer: ['numeric.answer'],
  formula: ['numeric.formula'],
  tolerance: ['numeric.tolerance'],
  accepted: ['text.accepted'],
  expression: ['expression.answer'],
  templateOn: ['template', 'numeric', 'stem', 'explanation', 'choices', 'text', 'expression'],
  variables: ['template', 'numeric.formula'],
  skill_id: ['skill_id', 'form'],
};

/**
 * The item editor's form: kind, stem, the kind's answer, template, explanation, skill and
 * visibility. Checks run before sending; the server's faults land on the same fields; what was
 * typed always stays. A new item may be saved "e criar outra" (same kind, skill and visibility).
 * With a `draftKey`, unsaved values are kept on the device (lib/item-draft.ts) and come back, with
 * a notice and "Descartar rascunho", when the editor of the same question opens again; leaving the
 * page with unsaved values asks first.
 */
export function ItemForm({
  item,
  draftKey = null,
  onDirty,
  onCancel,
  onDone,
}: {
  item?: ItemDetail;
  /** Where the unsaved question is kept on this device (null: nowhere, e.g. session unknown). */
  draftKey?: string | null;
  onDirty: (dirty: boolean) => void;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(['exercises', 'errors']);
  const id = useId();
  const stemRef = useRef<HTMLTextAreaElement>(null);
  const [initial, setInitial] = useState<ItemFormValues>(() => itemFormValues(item));
  // The teacher's draft wins over the saved question, even one changed on the server since.
  const [restored] = useState<ItemFormValues | null>(() => {
    const draft = draftKey ? loadItemDraft(draftKey) : null;
    return draft && !sameItemValues(draft, initial) ? draft : null;
  });
  const [values, setValues] = useState<ItemFormValues>(restored ?? initial);
  const [restoredNotice, setRestoredNotice] = useState(restored !== null);
  const dirty = !sameItemValues(values, initial);
  // A restored draft is unsaved work: closing asks first.
  const markRestored = useEffectEvent(() => {
    if (restored) onDirty(true);
  });
  useEffect(() => markRestored(), []);
  // Reloading, closing the tab or leaving the app with unsaved values asks first.
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [dirty]);
  const [errors, setErrors] = useState<FormErrors>({});
  const create = useCreateItem();
  const update = useUpdateItem();
  const pending = create.isPending || update.isPending;

  const fieldId = (path: string) => `${id}-${path.replace(/\./g, '-')}`;
  const error = (path: string) => {
    const issue = errors[path];
    return issue ? t(`editor.errors.${issue.code}`, issue.values ?? {}) : undefined;
  };

  function set(patch: Partial<ItemFormValues>) {
    const next = { ...values, ...patch };
    setValues(next);
    const changed = !sameItemValues(next, initial);
    onDirty(changed);
    if (draftKey && changed) storeItemDraft(draftKey, next);
    else if (draftKey) clearItemDraft(draftKey);
    const prefixes = Object.keys(patch).flatMap((k) => CLEARS[k as keyof ItemFormValues] ?? []);
    if (prefixes.length > 0) {
      setErrors((e) =>
        Object.fromEntries(
          Object.entries(e).filter(
            ([path]) => !prefixes.some((p) => path === p || path.startsWith(`${p}.`)),
          ),
        ),
      );
    }
  }

  function forgetDraft() {
    if (draftKey) clearItemDraft(draftKey);
    setRestoredNotice(false);
  }

  /** "Descartar rascunho": back to the saved question (or an empty one). */
  function discardDraft() {
    forgetDraft();
    setValues(initial);
    setErrors({});
    onDirty(false);
  }

  function showErrors(found: FormErrors) {
    setErrors(found);
    const first = firstErrorPath(found);
    if (first) requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus());
  }

  function onError(err: unknown) {
    const fields = fieldErrorsOf(err);
    if (fields) showErrors(serverErrors(fields, values));
    else toastError(errorMessage(t, err));
  }

  function save(andNew: boolean) {
    const found = validateItemForm(values);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    const body = toItemInput(values);
    if (item) {
      update.mutate(
        { id: item.id, body },
        {
          onSuccess: () => {
            toastSuccess(t('editor.updated'));
            forgetDraft();
            onDirty(false);
            onDone();
          },
          onError,
        },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: () => {
        toastSuccess(t('editor.created'));
        forgetDraft();
        if (!andNew) {
          onDirty(false);
          onDone();
          return;
        }
        const next = nextItemValues(values);
        setInitial(next);
        setValues(next);
        onDirty(false);
        requestAnimationFrame(() => stemRef.current?.focus());
      },
      onError,
    });
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    save(false);
  }

  const part: EditorPartProps = { values, set, error, fieldId };
  const formError = error('form');

  return (
    <form onSubmit={submit} noValidate className="flex min-w-0 flex-col gap-5">
      {restoredNotice ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-sky-400/40 bg-sky-400/10 p-2 text-sm">
          <p role="status">{t('editor.draftRestored')}</p>
          <Button type="button" variant="outline" size="sm" onClick={discardDraft}>
            <Undo2 aria-hidden />
            {t('editor.discardDraft')}
          </Button>
        </div>
      ) : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('editor.kind')}</legend>
        <RadioGroup
          value={values.kind}
          onValueChange={(kind) => set({ kind: kind as ItemKind })}
          className="grid-cols-1 gap-3 sm:grid-cols-3"
        >
          {ITEM_KINDS.map((kind) => (
            <div key={kind} className="flex items-center gap-2">
              <RadioGroupItem value={kind} id={`${id}-kind-${kind}`} />
              <Label htmlFor={`${id}-kind-${kind}`} className="font-normal">
                {t(`kinds.${kind}`)}
              </Label>
            </div>
          ))}
        </RadioGroup>
      </fieldset>

      <MarkdownField
        id={fieldId('stem')}
        label={t('editor.stem')}
        hint={t('editor.stemHint')}
        value={values.stem}
        onChange={(stem) => set({ stem })}
        error={error('stem')}
        rows={5}
        textareaRef={stemRef}
      />

      {isChoiceKind(values.kind) ? (
        <>
          <ChoicesField {...part} />
          <ToggleSwitch
            id={fieldId('shuffle_choices')}
            checked={values.shuffleChoices}
            onChange={(shuffleChoices) => set({ shuffleChoices })}
            label={t('editor.shuffleChoices')}
            description={t('editor.shuffleChoicesHint')}
          />
        </>
      ) : null}
      {values.kind === 'numeric' ? <NumericField {...part} /> : null}
      {values.kind === 'text' ? <AcceptedField {...part} /> : null}
      {values.kind === 'expression' ? <ExpressionField {...part} /> : null}

      <TemplateField {...part} />

      <MarkdownField
        id={fieldId('explanation')}
        label={t('editor.explanation')}
        hint={t('editor.explanationHint')}
        value={values.explanation}
        onChange={(explanation) => set({ explanation })}
        error={error('explanation')}
      />

      <div className="flex flex-col gap-1">
        <SkillField value={values.skill_id} onChange={(skill_id) => set({ skill_id })} />
        {error('skill_id') ? (
          <p id={fieldId('skill_id')} tabIndex={-1} className="text-sm text-destructive">
            {error('skill_id')}
          </p>
        ) : null}
      </div>

      <ToggleSwitch
        id={fieldId('public')}
        checked={values.public}
        onChange={(pub) => set({ public: pub })}
        label={t('editor.public')}
        description={t('editor.publicHint')}
      />

      {formError ? (
        <p id={fieldId('form')} tabIndex={-1} role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      ) : null}
      {Object.keys(errors).length > 0 ? (
        <p role="status" className="text-sm text-destructive">
          {t('editor.fixErrors', { count: Object.keys(errors).length })}
        </p>
      ) : null}
      <DialogFooter className="-mx-1 bg-popover px-1 pt-2 sm:sticky sm:bottom-0">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('cancel')}
        </Button>
        {!item ? (
          <Button
            type="button"
            variant="secondary"
            pending={create.isPending}
            onClick={() => save(true)}
          >
            {t('editor.saveAndNew')}
          </Button>
        ) : null}
        <Button type="submit" pending={pending}>
          {t('editor.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}
