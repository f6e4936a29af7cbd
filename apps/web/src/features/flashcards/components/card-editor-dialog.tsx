import {
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Brackets } from 'lucide-react';
import {
  answerChanged,
  clozeNumbers,
  renderClozeBack,
  renderClozeFront,
} from '@aprenda/shared/cloze';
import { CARD_SIDE_MAX, type Card, type CardKind } from '@aprenda/shared/schemas/flashcards';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  ConfirmDialog,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { errorCode, errorMessage, fieldErrorsOf } from '@/lib/errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { useSession } from '@/lib/session';
import { useCreateCard, useUpdateCard } from '../api/cards';
import {
  cardFormValues,
  cardServerErrors,
  clozeExample,
  insertCloze,
  validateCardForm,
  type CardFormErrors,
  type CardFormValues,
} from '../lib/card-form';
import {
  cardDraftKey,
  clearCardDraft,
  loadCardDraft,
  sameCard,
  storeCardDraft,
} from '../lib/card-draft';
import { CardContent } from './card-content';
import { InsertImageButton } from './import/insert-image-button';
import { SkillField } from './skill-field';

/**
 * Write or edit a card: basic (front and back) or cloze (a text with `{{c1::…}}` blanks, added with
 * "Inserir lacuna" or Ctrl+Shift+C, and an optional extra), markdown with maths and images, a
 * preview of what the student will see, tags. What was typed stays on any error; closing with
 * unsaved text asks first. Changing the answer of a card asks whether its progress restarts.
 */
export function CardEditorDialog({
  open,
  onOpenChange,
  deckId,
  card,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  deckId: string;
  /** Edit this card; write a new one when absent. */
  card?: Card;
}) {
  const { t } = useTranslation('flashcards');
  const { data: me } = useSession();
  const draftKey = me ? cardDraftKey(me.id, deckId, card?.id) : null;
  const dirty = useRef(false);
  const [askDiscard, setAskDiscard] = useState(false);

  function close() {
    dirty.current = false;
    onOpenChange(false);
  }

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!next && dirty.current) setAskDiscard(true);
          else if (!next) close();
          else onOpenChange(true);
        }}
      >
        <DialogContent closeLabel={t('close')} className="max-w-2xl">
          <DialogTitle>{card ? t('editor.editTitle') : t('editor.createTitle')}</DialogTitle>
          <DialogDescription>{t('editor.lead')}</DialogDescription>
          {open ? (
            <CardForm
              key={card?.id ?? 'new'}
              deckId={deckId}
              card={card}
              draftKey={draftKey}
              onDirty={(value) => {
                dirty.current = value;
              }}
              onCancel={() => (dirty.current ? setAskDiscard(true) : close())}
              onDone={close}
            />
          ) : null}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={askDiscard}
        onOpenChange={setAskDiscard}
        title={t('editor.discardTitle')}
        description={t('editor.discardBody')}
        confirmLabel={t('editor.discard')}
        cancelLabel={t('editor.keepEditing')}
        onConfirm={() => {
          setAskDiscard(false);
          if (draftKey) clearCardDraft(draftKey);
          close();
        }}
      />
    </>
  );
}

function CardForm({
  deckId,
  card,
  draftKey,
  onDirty,
  onCancel,
  onDone,
}: {
  deckId: string;
  card?: Card;
  /** Where the unsaved card is kept on this device (null before the session is known). */
  draftKey: string | null;
  onDirty: (dirty: boolean) => void;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation(['flashcards', 'errors']);
  const id = useId();
  const frontRef = useRef<HTMLTextAreaElement>(null);
  const [initial] = useState<CardFormValues>(() => cardFormValues(card));
  const [restored] = useState<CardFormValues | null>(() => {
    const draft = draftKey ? loadCardDraft(draftKey) : null;
    return draft && !sameCard(draft, initial) ? draft : null;
  });
  const [values, setValues] = useState<CardFormValues>(restored ?? initial);
  // Said until the restored card is saved (the next card of "Salvar e criar outro" is a new one).
  const [restoredNotice, setRestoredNotice] = useState(restored !== null);
  // A restored draft is unsaved work: closing asks first.
  const markRestored = useEffectEvent(() => {
    if (restored) onDirty(true);
  });
  useEffect(() => markRestored(), []);
  const [errors, setErrors] = useState<CardFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [askReset, setAskReset] = useState(false);
  const create = useCreateCard(deckId);
  const update = useUpdateCard();
  const pending = create.isPending || update.isPending;
  const example = clozeExample(i18n.language);
  const fmt = (n: number) => new Intl.NumberFormat(i18n.language).format(n);

  function change(next: CardFormValues) {
    setValues(next);
    const dirty = !sameCard(next, initial);
    onDirty(dirty);
    if (!draftKey) return;
    if (dirty) storeCardDraft(draftKey, next);
    else clearCardDraft(draftKey);
  }

  function saved() {
    if (draftKey) clearCardDraft(draftKey);
    setRestoredNotice(false);
  }

  function set<K extends keyof CardFormValues>(key: K, value: CardFormValues[K]) {
    change({ ...values, [key]: value });
    if (key !== 'kind' && errors[key as keyof CardFormErrors]) {
      setErrors((e) => ({ ...e, [key]: undefined }));
    }
  }

  function addCloze() {
    const el = frontRef.current;
    const start = el?.selectionStart ?? values.front.length;
    const end = el?.selectionEnd ?? start;
    const next = insertCloze(values.front, start, end);
    set('front', next.text);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.selectionStart, next.selectionEnd);
    });
  }

  function onFrontKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if ((e.ctrlKey || e.metaKey) && e.shiftKey && e.key.toLowerCase() === 'c') {
      e.preventDefault();
      if (values.kind !== 'cloze') set('kind', 'cloze');
      addCloze();
    }
  }

  function onError(err: unknown) {
    const fields = fieldErrorsOf(err);
    const code = errorCode(err);
    if (fields) {
      const onFields = cardServerErrors(t, i18n.language, fields, values);
      setErrors(onFields);
      // A fault on no field of the form (e.g. a skill that no longer exists) is said under it.
      setFormError(
        Object.keys(onFields).length > 0
          ? null
          : fields.some((f) => f.path === 'skill_id')
            ? t('editor.skillUnknown')
            : errorMessage(t, err),
      );
      return;
    }
    if (code === 'cloze_without_deletion') {
      setErrors({ front: t('editor.clozeMissing', { example }) });
      setFormError(null);
      return;
    }
    setFormError(errorMessage(t, err));
    toastError(errorMessage(t, err));
  }

  function save(andNew: boolean, resetProgress?: boolean) {
    const result = validateCardForm(t, i18n.language, values);
    if (!result.ok) {
      setErrors(result.errors);
      setTab('write');
      return;
    }
    setErrors({});
    setFormError(null);
    if (card) {
      const before = { kind: card.kind, front: card.front, back: card.back };
      if (resetProgress === undefined && answerChanged(before, result.data)) {
        setAskReset(true);
        return;
      }
      update.mutate(
        {
          id: card.id,
          changes: { ...result.data, ...(resetProgress ? { reset_progress: true } : {}) },
        },
        {
          onSuccess: () => {
            toastSuccess(t('editor.updated'));
            saved();
            onDirty(false);
            onDone();
          },
          onError,
        },
      );
      return;
    }
    create.mutate(result.data, {
      onSuccess: () => {
        toastSuccess(t('editor.created'));
        saved();
        if (!andNew) {
          onDirty(false);
          onDone();
          return;
        }
        // Another card of the same kind and tags: the sides start empty.
        const next = { ...values, front: '', back: '' };
        setValues(next);
        onDirty(
          next.tags !== initial.tags ||
            next.kind !== initial.kind ||
            next.skill_id !== initial.skill_id,
        );
        setTab('write');
        requestAnimationFrame(() => frontRef.current?.focus());
      },
      onError,
    });
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    save(false);
  }

  const cloze = values.kind === 'cloze';
  const frontHint = cloze ? t('editor.clozeHint', { example }) : undefined;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {restoredNotice ? (
        <p role="status" className="rounded-md border border-sky-400/40 bg-sky-400/10 p-2 text-sm">
          {t('editor.draftRestored')}
        </p>
      ) : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('editor.kind')}</legend>
        <RadioGroup
          value={values.kind}
          onValueChange={(kind) => set('kind', kind as CardKind)}
          className="gap-3 sm:grid-cols-2"
        >
          {(['basic', 'cloze'] as const).map((kind) => (
            <div key={kind} className="flex items-center gap-2">
              <RadioGroupItem value={kind} id={`${id}-kind-${kind}`} />
              <Label htmlFor={`${id}-kind-${kind}`} className="font-normal">
                {t(`editor.${kind}`)}
              </Label>
            </div>
          ))}
        </RadioGroup>
      </fieldset>

      <Tabs value={tab} onValueChange={(v) => setTab(v as 'write' | 'preview')}>
        <TabsList>
          <TabsTrigger value="write">{t('editor.write')}</TabsTrigger>
          <TabsTrigger value="preview">{t('editor.preview')}</TabsTrigger>
        </TabsList>
        <TabsContent value="write" className="mt-4 flex flex-col gap-4">
          <Field
            id={`${id}-front`}
            label={cloze ? t('editor.clozeText') : t('editor.front')}
            error={errors.front}
            hint={frontHint}
          >
            {cloze ? (
              <Button
                type="button"
                variant="secondary"
                size="sm"
                className="self-start"
                onMouseDown={(e) => e.preventDefault()}
                onClick={addCloze}
              >
                <Brackets aria-hidden />
                {t('editor.insertCloze')}
              </Button>
            ) : null}
            <Textarea
              {...fieldAria(`${id}-front`, errors.front, frontHint)}
              ref={frontRef}
              rows={cloze ? 5 : 4}
              value={values.front}
              onChange={(e) => set('front', e.target.value)}
              onKeyDown={onFrontKeyDown}
            />
            <InsertImageButton
              deckId={deckId}
              side="front"
              onInsert={(md) => set('front', values.front.trim() ? `${values.front}\n${md}` : md)}
            />
            <SideCounter length={values.front.length} fmt={fmt} />
          </Field>
          <Field
            id={`${id}-back`}
            label={cloze ? t('editor.extra') : t('editor.back')}
            error={errors.back}
          >
            <Textarea
              {...fieldAria(`${id}-back`, errors.back)}
              rows={cloze ? 3 : 4}
              value={values.back}
              onChange={(e) => set('back', e.target.value)}
            />
            <InsertImageButton
              deckId={deckId}
              side="back"
              onInsert={(md) => set('back', values.back.trim() ? `${values.back}\n${md}` : md)}
            />
            <SideCounter length={values.back.length} fmt={fmt} />
          </Field>
          <Field
            id={`${id}-tags`}
            label={t('editor.tags')}
            error={errors.tags}
            hint={t('editor.tagsHint')}
          >
            <Input
              {...fieldAria(`${id}-tags`, errors.tags, t('editor.tagsHint'))}
              value={values.tags}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              onChange={(e) => set('tags', e.target.value)}
            />
          </Field>
          <SkillField value={values.skill_id} onChange={(skillId) => set('skill_id', skillId)} />
        </TabsContent>
        <TabsContent value="preview" className="mt-4">
          <CardPreview values={values} />
        </TabsContent>
      </Tabs>

      {formError ? (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('cancel')}
        </Button>
        {!card ? (
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

      <AlertDialog open={askReset} onOpenChange={setAskReset}>
        <AlertDialogContent>
          <AlertDialogTitle>{t('editor.resetTitle')}</AlertDialogTitle>
          <AlertDialogDescription>{t('editor.resetBody')}</AlertDialogDescription>
          <DialogFooter>
            <AlertDialogCancel>{t('editor.keepEditing')}</AlertDialogCancel>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                setAskReset(false);
                save(false, false);
              }}
            >
              {t('editor.keepProgress')}
            </Button>
            <Button
              type="button"
              variant="destructive"
              onClick={() => {
                setAskReset(false);
                save(false, true);
              }}
            >
              {t('editor.resetProgress')}
            </Button>
          </DialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </form>
  );
}

function SideCounter({ length, fmt }: { length: number; fmt: (n: number) => string }) {
  const { t } = useTranslation('flashcards');
  const over = length > CARD_SIDE_MAX;
  return (
    <p className={over ? 'text-xs text-destructive' : 'text-xs text-zinc-400'}>
      {t('editor.characters', { count: length, max: fmt(CARD_SIDE_MAX) })}
    </p>
  );
}

/** What the student will see: both sides, or for a cloze card each blank's question and answer. */
function CardPreview({ values }: { values: CardFormValues }) {
  const { t } = useTranslation('flashcards');
  if (!values.front.trim()) {
    return <p className="text-sm text-zinc-400">{t('editor.previewEmpty')}</p>;
  }
  if (values.kind === 'basic') {
    return (
      <div className="flex flex-col gap-3">
        <PreviewSide label={t('editor.front')} text={values.front} />
        {values.back.trim() ? <PreviewSide label={t('editor.back')} text={values.back} /> : null}
      </div>
    );
  }
  const numbers = clozeNumbers(values.front);
  if (numbers.length === 0) {
    return <PreviewSide label={t('editor.clozeText')} text={values.front} />;
  }
  return (
    <div className="flex flex-col gap-4">
      {numbers.map((n) => (
        <div key={n} className="flex flex-col gap-2">
          <p className="text-sm font-semibold">{t('editor.previewItem', { n })}</p>
          <PreviewSide label={t('review.question')} text={renderClozeFront(values.front, n)} />
          <PreviewSide
            label={t('review.answer')}
            text={[renderClozeBack(values.front, n), values.back.trim()]
              .filter(Boolean)
              .join('\n\n')}
          />
        </div>
      ))}
    </div>
  );
}

function PreviewSide({ label, text }: { label: string; text: string }) {
  return (
    <section className="rounded-md border border-border bg-background p-3" aria-label={label}>
      <p className="mb-1 text-xs font-medium text-zinc-400 uppercase">{label}</p>
      <CardContent text={text} />
    </section>
  );
}
