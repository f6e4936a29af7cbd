import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Sparkles } from 'lucide-react';
import {
  DECK_TITLE_MAX,
  GENERATE_COUNT_DEFAULT,
  GENERATE_TEXT_MAX,
  type GenerateCardsInput,
} from '@aprenda/shared/schemas/flashcards';
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
import { NativeSelect } from '@/components/ui/native-select';
import { ErrorBox, LoadingState } from '@/components/ui/states';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage, fieldErrorsOf } from '@/lib/errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { useCreateDeck, useDecks } from '../../api/decks';
import {
  useAiModels,
  useGenerateCards,
  useSaveProposals,
  useSourceConversation,
} from '../../api/generate';
import {
  keptProposals,
  proposalErrors,
  proposalKeysAtFault,
  proposalsFrom,
  toCardInput,
  type Proposal,
} from '../../lib/proposals';
import { NoKeyNote } from '@/components/ai/no-key-note';
import { ProposalItem } from './proposal-item';

export type GenerateSource = { kind: 'text' } | { kind: 'conversation'; conversationId: string };

const COUNTS = [5, 10, 15, 20, 30] as const;
const NEW_DECK = '__new__';

/**
 * "Criar cartões com IA": the AI proposes cards from pasted text or a conversation
 * (POST /flashcards/generate — nothing saved); the user keeps, edits or discards each proposal,
 * picks a deck (or names a new one) and saves the kept ones in one batch. Everything typed stays
 * while the dialog's owner is mounted (closing and reopening keeps it) and on any error; a save
 * starts afresh (the owner gives each source its own `key`). No AI key → the chat's explanation
 * with the link to the profile.
 */
export function GenerateCardsDialog({
  open,
  onOpenChange,
  source,
  deckId: presetDeckId,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  source: GenerateSource;
  /** The deck to save into by default (the deck screen's). */
  deckId?: string;
  onSaved?: (deckId: string) => void;
}) {
  const { t } = useTranslation('flashcards');
  const id = useId();
  const [step, setStep] = useState<'source' | 'review'>('source');
  const [text, setText] = useState('');
  const [count, setCount] = useState<number>(GENERATE_COUNT_DEFAULT);
  const [model, setModel] = useState('');
  const [proposals, setProposals] = useState<Proposal[]>([]);
  const [emptyResult, setEmptyResult] = useState(false);
  const [deckChoice, setDeckChoice] = useState(presetDeckId ?? '');
  const [newDeckTitle, setNewDeckTitle] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [faultKeys, setFaultKeys] = useState<string[]>([]);
  const listRef = useRef<HTMLOListElement>(null);

  const conversationId = source.kind === 'conversation' ? source.conversationId : null;
  const models = useAiModels(open);
  const conversation = useSourceConversation(open ? conversationId : null);
  const decks = useDecks();
  const generate = useGenerateCards();
  const createDeck = useCreateDeck();
  const save = useSaveProposals();

  const modelItems = models.data?.items ?? [];
  const noKey =
    (models.isSuccess && modelItems.length === 0) ||
    (generate.error instanceof ApiError && generate.error.code === 'no_api_key');
  const ownDecks = useMemo(
    () => (decks.data?.pages ?? []).flatMap((p) => p.items).filter((d) => d.source === 'own'),
    [decks.data],
  );
  // The deck picker's value: the preset or first own deck until the user picks; a new deck when
  // there is none.
  const deckValue =
    deckChoice && (deckChoice === NEW_DECK || ownDecks.some((d) => d.id === deckChoice))
      ? deckChoice
      : (ownDecks[0]?.id ?? (decks.isSuccess ? NEW_DECK : ''));
  const kept = keptProposals(proposals);
  const errorsByKey = new Map(proposals.map((p) => [p.key, proposalErrors(p)]));
  const deckTitleError =
    showErrors && deckValue === NEW_DECK && newDeckTitle.trim() === ''
      ? t('generate.errors.required')
      : undefined;
  const saving = save.isPending || createDeck.isPending;

  const propose = (e?: FormEvent) => {
    e?.preventDefault();
    if (source.kind === 'text' && text.trim() === '') {
      setShowErrors(true);
      return;
    }
    const body: GenerateCardsInput = {
      source: conversationId ? { conversation_id: conversationId } : { text: text.trim() },
      count,
      ...(model ? { model } : {}),
    };
    setEmptyResult(false);
    generate.mutate(body, {
      onSuccess: (result) => {
        if (result.cards.length === 0) {
          setEmptyResult(true);
          return;
        }
        setProposals(proposalsFrom(result.cards));
        setShowErrors(false);
        setFaultKeys([]);
        setStep('review');
      },
    });
  };

  const reset = () => {
    setStep('source');
    setText('');
    setProposals([]);
    setNewDeckTitle('');
    setDeckChoice(presetDeckId ?? '');
    setShowErrors(false);
    setFaultKeys([]);
    generate.reset();
  };

  const saveKept = async () => {
    setShowErrors(true);
    const invalid = kept.some((p) => (errorsByKey.get(p.key) ?? []).length > 0);
    if (invalid || kept.length === 0 || !deckValue || deckTitleError) {
      if (invalid) {
        toastError(t('generate.fixFields'));
        listRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      }
      return;
    }
    if (deckValue === NEW_DECK && newDeckTitle.trim() === '') return;
    try {
      let target = deckValue;
      let title = ownDecks.find((d) => d.id === deckValue)?.title ?? '';
      if (deckValue === NEW_DECK) {
        const deck = await createDeck.mutateAsync({ title: newDeckTitle.trim() });
        target = deck.id;
        title = deck.title;
        setDeckChoice(deck.id);
      }
      await save.mutateAsync({ deckId: target, cards: kept.map(toCardInput) });
      toastSuccess(t('generate.saved', { count: kept.length, deck: title }));
      reset();
      onOpenChange(false);
      onSaved?.(target);
    } catch (err) {
      setFaultKeys(proposalKeysAtFault(proposals, fieldErrorsOf(err)));
      toastError(`${t('generate.saveError')}: ${errorMessage(t, err)}`);
    }
  };

  const update = (next: Proposal) =>
    setProposals((list) => list.map((p) => (p.key === next.key ? next : p)));

  const description =
    source.kind === 'conversation'
      ? t('generate.leadConversation', {
          title: conversation.data?.title || t('generate.untitled'),
        })
      : t('generate.leadText');
  const textError =
    showErrors && step === 'source' && text.trim() === ''
      ? t('generate.errors.required')
      : undefined;
  const textHint = t('generate.textCount', {
    count: text.length,
    max: GENERATE_TEXT_MAX.toLocaleString(),
  });
  const generateError =
    generate.isError && !noKey
      ? errorMessage(t, generate.error)
      : conversation.isError
        ? errorMessage(t, conversation.error)
        : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')} className="max-w-2xl">
        <DialogTitle>{t('generate.title')}</DialogTitle>
        <DialogDescription>
          {step === 'source' ? description : t('generate.leadReview')}
        </DialogDescription>
        {noKey ? <NoKeyNote body={t('generate.noKeyBody')} /> : null}

        {step === 'source' ? (
          <form onSubmit={propose} className="flex flex-col gap-4" noValidate>
            {source.kind === 'text' ? (
              <Field id={`${id}-text`} label={t('generate.text')} error={textError} hint={textHint}>
                <Textarea
                  {...fieldAria(`${id}-text`, textError, textHint)}
                  rows={8}
                  maxLength={GENERATE_TEXT_MAX}
                  value={text}
                  placeholder={t('generate.textPlaceholder')}
                  onChange={(e) => setText(e.target.value)}
                />
              </Field>
            ) : null}
            <div className="flex flex-wrap gap-4">
              <div className="flex flex-col gap-2">
                <label htmlFor={`${id}-count`} className="text-sm font-medium">
                  {t('generate.count')}
                </label>
                <NativeSelect
                  id={`${id}-count`}
                  className="w-auto"
                  value={count}
                  onChange={(e) => setCount(Number(e.target.value))}
                >
                  {COUNTS.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              {modelItems.length > 1 ? (
                <div className="flex min-w-0 flex-col gap-2">
                  <label htmlFor={`${id}-model`} className="text-sm font-medium">
                    {t('generate.model')}
                  </label>
                  <NativeSelect
                    id={`${id}-model`}
                    className="max-w-[16rem] truncate"
                    value={model || models.data?.default || ''}
                    onChange={(e) => setModel(e.target.value)}
                  >
                    {modelItems.map((m) => (
                      <option key={m.id} value={m.id}>
                        {m.label}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
              ) : null}
            </div>
            {generate.isPending ? <LoadingState>{t('generate.working')}</LoadingState> : null}
            {generateError ? (
              <ErrorBox retryLabel={t('retry')} onRetry={() => propose()}>
                {generateError}
              </ErrorBox>
            ) : null}
            {emptyResult ? (
              <p role="status" className="text-sm text-zinc-300">
                {t('generate.nothingFound')}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                {t('cancel')}
              </Button>
              {proposals.length > 0 ? (
                <Button type="button" variant="outline" onClick={() => setStep('review')}>
                  {t('generate.backToProposals')}
                </Button>
              ) : null}
              <Button
                type="submit"
                pending={generate.isPending}
                icon={<Sparkles aria-hidden />}
                disabled={noKey || !models.isSuccess || conversation.isError}
              >
                {t('generate.propose')}
              </Button>
            </DialogFooter>
          </form>
        ) : (
          <div className="flex flex-col gap-4">
            <p role="status" className="text-sm text-zinc-300">
              {t('generate.keptCount', { count: kept.length, total: proposals.length })}
            </p>
            <ol ref={listRef} className="flex flex-col gap-3" aria-label={t('generate.listLabel')}>
              {proposals.map((p, i) => (
                <ProposalItem
                  key={p.key}
                  proposal={p}
                  index={i}
                  errors={showErrors ? (errorsByKey.get(p.key) ?? []) : []}
                  serverFault={faultKeys.includes(p.key)}
                  onChange={update}
                />
              ))}
            </ol>
            <div className="flex flex-col gap-3 rounded-md border border-border p-3">
              <div className="flex flex-col gap-2">
                <label htmlFor={`${id}-deck`} className="text-sm font-medium">
                  {t('generate.deck')}
                </label>
                {decks.isError ? (
                  <ErrorBox retryLabel={t('retry')} onRetry={() => void decks.refetch()}>
                    {t('generate.decksError')}
                  </ErrorBox>
                ) : (
                  <NativeSelect
                    id={`${id}-deck`}
                    value={deckValue}
                    disabled={decks.isPending}
                    onChange={(e) => setDeckChoice(e.target.value)}
                  >
                    {decks.isPending ? (
                      <option value="">{t('generate.decksLoading')}</option>
                    ) : null}
                    {ownDecks.map((d) => (
                      <option key={d.id} value={d.id}>
                        {d.title}
                      </option>
                    ))}
                    {decks.isSuccess ? (
                      <option value={NEW_DECK}>{t('generate.newDeck')}</option>
                    ) : null}
                  </NativeSelect>
                )}
              </div>
              {deckValue === NEW_DECK ? (
                <Field
                  id={`${id}-deck-title`}
                  label={t('generate.newDeckTitle')}
                  error={deckTitleError}
                >
                  <Input
                    {...fieldAria(`${id}-deck-title`, deckTitleError)}
                    value={newDeckTitle}
                    maxLength={DECK_TITLE_MAX}
                    autoComplete="off"
                    onChange={(e) => setNewDeckTitle(e.target.value)}
                  />
                </Field>
              ) : null}
            </div>
            {save.isError || createDeck.isError ? (
              <ErrorBox>
                {`${t('generate.saveError')}: ${errorMessage(t, save.error ?? createDeck.error)}`}
              </ErrorBox>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setStep('source')}>
                {t('generate.backToSource')}
              </Button>
              <Button
                type="button"
                onClick={() => void saveKept()}
                disabled={saving || kept.length === 0}
              >
                {saving ? t('generate.saving') : t('generate.save', { count: kept.length })}
              </Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
