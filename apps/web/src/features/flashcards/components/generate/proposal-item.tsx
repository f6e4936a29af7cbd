import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Trash2, Undo2 } from 'lucide-react';
import type { CardKind } from '@aprenda/shared/schemas/flashcards';
import { Button } from '@/components/ui/button';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import type { Proposal, ProposalError } from '../../lib/proposals';

/**
 * One proposed card: kind, front, back and tags, editable in place; "Descartar" folds it into a
 * line with "Desfazer". `errors` are shown once the user tried to save.
 */
export function ProposalItem({
  proposal,
  index,
  errors,
  serverFault,
  onChange,
}: {
  proposal: Proposal;
  index: number;
  errors: ProposalError[];
  serverFault: boolean;
  onChange: (next: Proposal) => void;
}) {
  const { t } = useTranslation('flashcards');
  const id = useId();
  const n = index + 1;
  const errorOf = (field: ProposalError['field']) => {
    const e = errors.find((x) => x.field === field);
    return e ? t(`generate.errors.${e.code}`, { example: '{{c1::...}}' }) : undefined;
  };

  if (proposal.discarded) {
    return (
      <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-dashed border-zinc-700 px-3 py-2 text-sm text-zinc-400">
        <span className="min-w-0 truncate">
          {t('generate.discardedLine', { n, front: proposal.front })}
        </span>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => onChange({ ...proposal, discarded: false })}
          aria-label={t('generate.restoreCard', { n })}
        >
          <Undo2 aria-hidden />
          {t('generate.restore')}
        </Button>
      </li>
    );
  }

  const cloze = proposal.kind === 'cloze';
  const frontError = errorOf('front');
  const backError = errorOf('back');
  const tagsError = errorOf('tags');
  const frontHint = cloze
    ? t('generate.clozeHint', { example: `{{c1::${t('generate.clozeWord')}}}` })
    : undefined;
  return (
    <li
      className={`flex flex-col gap-3 rounded-md border p-3 ${
        serverFault ? 'border-destructive' : 'border-border'
      }`}
    >
      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="sr-only">{t('generate.cardN', { n })}</legend>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <span aria-hidden className="text-sm font-semibold">
              {t('generate.cardN', { n })}
            </span>
            <label htmlFor={`${id}-kind`} className="sr-only">
              {t('generate.kindOf', { n })}
            </label>
            <NativeSelect
              id={`${id}-kind`}
              className="h-9 w-auto px-2"
              value={proposal.kind}
              onChange={(e) => onChange({ ...proposal, kind: e.target.value as CardKind })}
            >
              <option value="basic">{t('generate.kindBasic')}</option>
              <option value="cloze">{t('generate.kindCloze')}</option>
            </NativeSelect>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => onChange({ ...proposal, discarded: true })}
            aria-label={t('generate.discardCard', { n })}
          >
            <Trash2 aria-hidden />
            {t('generate.discard')}
          </Button>
        </div>
        <Field
          id={`${id}-front`}
          label={cloze ? t('generate.clozeText') : t('generate.front')}
          error={frontError}
          hint={frontHint}
        >
          <Textarea
            {...fieldAria(`${id}-front`, frontError, frontHint)}
            className="min-h-16"
            rows={2}
            value={proposal.front}
            onChange={(e) => onChange({ ...proposal, front: e.target.value })}
          />
        </Field>
        <Field
          id={`${id}-back`}
          label={cloze ? t('generate.extra') : t('generate.back')}
          error={backError}
        >
          <Textarea
            {...fieldAria(`${id}-back`, backError)}
            className="min-h-16"
            rows={2}
            value={proposal.back}
            onChange={(e) => onChange({ ...proposal, back: e.target.value })}
          />
        </Field>
        <Field
          id={`${id}-tags`}
          label={t('generate.tags')}
          error={tagsError}
          hint={t('generate.tagsHint')}
        >
          <Input
            {...fieldAria(`${id}-tags`, tagsError, t('generate.tagsHint'))}
            value={proposal.tags}
            autoComplete="off"
            onChange={(e) => onChange({ ...proposal, tags: e.target.value })}
          />
        </Field>
      </fieldset>
    </li>
  );
}
