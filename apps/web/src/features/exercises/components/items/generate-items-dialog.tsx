import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Sparkles } from 'lucide-react';
import {
  GENERATE_ITEMS_COUNT_DEFAULT,
  GENERATE_ITEMS_COUNT_MAX,
  GENERATE_ITEMS_TEXT_MAX,
  type ItemInput,
} from '@aprenda/shared/schemas/exercises';
import { NoKeyNote } from '@/components/ai/no-key-note';
import { Markdown } from '@/components/markdown/markdown';
import { SkillField } from '@/components/skills/skill-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/errors';
import { toastError, toastSuccess } from '@/lib/toast';
import { useAiModelsForItems, useGenerateItems } from '../../api/generate';
import { useCreateItem } from '../../api/items';
import { fullScreenOnPhone } from './item-editor-dialog';

interface Proposal {
  key: number;
  keep: boolean;
  item: ItemInput;
}

/**
 * "Gerar com IA": the teacher describes a topic (or pastes a text), the AI proposes questions
 * (POST /items/generate — nothing saved), the teacher reads each, corrects its wording, keeps or
 * discards it, and only the kept ones are saved (POST /items), private, in the item bank.
 */
export function GenerateItemsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(['exercises', 'errors']);
  const id = useId();
  const [text, setText] = useState('');
  const [skillId, setSkillId] = useState<string | null>(null);
  const [count, setCount] = useState(GENERATE_ITEMS_COUNT_DEFAULT);
  const [proposals, setProposals] = useState<Proposal[] | null>(null);
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  const models = useAiModelsForItems(open);
  const generate = useGenerateItems();
  const create = useCreateItem();
  const noKey =
    (models.isSuccess && models.data.items.length === 0) ||
    (generate.error instanceof ApiError && generate.error.code === 'no_api_key');
  const kept = (proposals ?? []).filter((p) => p.keep);

  function propose(e: FormEvent) {
    e.preventDefault();
    if (text.trim() === '') {
      setMissing(true);
      return;
    }
    generate.mutate(
      { text: text.trim(), skill_id: skillId, count },
      {
        onSuccess: (result) =>
          setProposals(result.items.map((item, key) => ({ key, keep: true, item }))),
      },
    );
  }

  function edit(key: number, change: Partial<ItemInput>) {
    setProposals((list) =>
      (list ?? []).map((p) => (p.key === key ? { ...p, item: { ...p.item, ...change } } : p)),
    );
  }

  async function saveKept() {
    setSaving(true);
    let saved = 0;
    try {
      for (const p of kept) {
        await create.mutateAsync(p.item);
        saved += 1;
        setProposals((list) => (list ?? []).filter((x) => x.key !== p.key));
      }
      toastSuccess(t('generate.saved', { count: saved }));
      setProposals(null);
      onOpenChange(false);
    } catch (err) {
      toastError(errorMessage(t, err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')} className={fullScreenOnPhone}>
        <DialogTitle>{t('generate.title')}</DialogTitle>
        <DialogDescription>{t('generate.lead')}</DialogDescription>
        {noKey ? <NoKeyNote body={t('generate.noKey')} /> : null}
        {proposals === null ? (
          <form onSubmit={propose} className="flex flex-col gap-4" noValidate>
            <div className="flex flex-col gap-2">
              <label htmlFor={`${id}-text`} className="text-sm font-medium">
                {t('generate.text')}
              </label>
              <Textarea
                id={`${id}-text`}
                value={text}
                maxLength={GENERATE_ITEMS_TEXT_MAX}
                rows={5}
                aria-invalid={missing && text.trim() === ''}
                aria-describedby={`${id}-text-hint`}
                onChange={(e) => setText(e.target.value)}
              />
              <p id={`${id}-text-hint`} className="text-sm text-zinc-400">
                {missing && text.trim() === '' ? (
                  <span className="text-red-300">{t('generate.textRequired')}</span>
                ) : (
                  t('generate.textHint')
                )}
              </p>
            </div>
            <SkillField value={skillId} onChange={setSkillId} />
            <div className="flex flex-col gap-2 sm:w-48">
              <label htmlFor={`${id}-count`} className="text-sm font-medium">
                {t('generate.count')}
              </label>
              <NativeSelect
                id={`${id}-count`}
                value={String(count)}
                onChange={(e) => setCount(Number(e.target.value))}
              >
                {Array.from({ length: GENERATE_ITEMS_COUNT_MAX }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </NativeSelect>
            </div>
            {generate.isError && !noKey ? (
              <p role="alert" className="text-sm text-red-300">
                {errorMessage(t, generate.error)}
              </p>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                {t('cancel')}
              </Button>
              <Button
                type="submit"
                pending={generate.isPending}
                icon={<Sparkles aria-hidden />}
                disabled={noKey}
              >
                {generate.isPending ? t('generate.working') : t('generate.submit')}
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex flex-col gap-4">
            {proposals.length === 0 ? (
              <p className="text-zinc-300">{t('generate.none')}</p>
            ) : (
              <ol className="flex flex-col gap-3" aria-label={t('generate.proposals')}>
                {proposals.map((p, i) => (
                  <ProposalCard
                    key={p.key}
                    index={i + 1}
                    proposal={p}
                    onKeep={(keep) =>
                      setProposals((list) =>
                        (list ?? []).map((x) => (x.key === p.key ? { ...x, keep } : x)),
                      )
                    }
                    onEdit={(change) => edit(p.key, change)}
                  />
                ))}
              </ol>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => setProposals(null)}>
                {t('generate.back')}
              </Button>
              <Button type="button" disabled={kept.length === 0 || saving} onClick={saveKept}>
                <Check aria-hidden />
                {t('generate.save', { count: kept.length })}
              </Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ProposalCard({
  index,
  proposal,
  onKeep,
  onEdit,
}: {
  index: number;
  proposal: Proposal;
  onKeep: (keep: boolean) => void;
  onEdit: (change: Partial<ItemInput>) => void;
}) {
  const { t } = useTranslation('exercises');
  const id = useId();
  const { item } = proposal;
  let answer: string | null = null;
  if (item.kind === 'numeric' && item.numeric?.answer != null) answer = String(item.numeric.answer);
  if (item.kind === 'text') answer = (item.text?.accepted ?? []).join(' · ');
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-zinc-300">
          {t('generate.number', { n: index })} · {t(`kinds.${item.kind}`)}
        </p>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={proposal.keep}
            onChange={(e) => onKeep(e.target.checked)}
            className="size-4 accent-primary"
          />
          {t('generate.keep')}
        </label>
      </div>
      <label htmlFor={`${id}-stem`} className="text-sm font-medium">
        {t('generate.stem')}
      </label>
      <Textarea
        id={`${id}-stem`}
        value={item.stem}
        rows={2}
        onChange={(e) => onEdit({ stem: e.target.value })}
      />
      {item.choices.length > 0 ? (
        <ul className="flex flex-col gap-1 text-sm" aria-label={t('generate.choices')}>
          {item.choices.map((c) => (
            <li key={c.id} className="flex min-w-0 items-start gap-2">
              <span aria-hidden className={c.correct ? 'text-emerald-300' : 'text-zinc-500'}>
                {c.correct ? '✓' : '•'}
              </span>
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <Markdown text={c.text} />
                {c.correct ? <span className="sr-only"> ({t('generate.correct')})</span> : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {answer !== null ? (
        <p className="text-sm [overflow-wrap:anywhere]">
          {t('generate.answer')}: <strong>{answer}</strong>
        </p>
      ) : null}
      <label htmlFor={`${id}-explanation`} className="text-sm font-medium">
        {t('generate.explanation')}
      </label>
      <Textarea
        id={`${id}-explanation`}
        value={item.explanation}
        rows={2}
        onChange={(e) => onEdit({ explanation: e.target.value })}
      />
    </li>
  );
}
