import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { ITEM_CHOICES_MAX, ITEM_CHOICES_MIN } from '@aprenda/shared/schemas/exercises';
import { Button } from '@/components/ui/button';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { emptyChoice, markCorrect, move, type ChoiceForm } from '../../lib/item-form';
import type { EditorPartProps } from './field-props';

/** The letter a choice shows as (A, B, …) by its place in the list. */
export function choiceLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

/**
 * The choices of a single or multiple choice item: 2 to 10, each with its text, whether it is
 * correct (a radio for single choice, a checkbox for multiple), the feedback a student who picks
 * it reads, and an optional misconception tag; added, removed and moved with buttons.
 */
export function ChoicesField({ values, set, error, fieldId }: EditorPartProps) {
  const { t } = useTranslation('exercises');
  const { choices } = values;
  const single = values.kind === 'single';
  const groupError = error('choices');

  function update(index: number, patch: Partial<ChoiceForm>) {
    set({ choices: choices.map((c, i) => (i === index ? { ...c, ...patch } : c)) });
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h3 className="text-sm font-medium">{t('editor.choices')}</h3>
        <p className="text-xs text-zinc-400">
          {single ? t('editor.choicesHintSingle') : t('editor.choicesHintMultiple')}
        </p>
        {groupError ? (
          <p
            id={fieldId('choices')}
            tabIndex={-1}
            role="alert"
            className="text-sm text-destructive"
          >
            {groupError}
          </p>
        ) : null}
      </div>
      <ol className="flex flex-col gap-3">
        {choices.map((choice, i) => {
          const letter = choiceLetter(i);
          const base = `choices.${i}`;
          return (
            <li key={choice.id}>
              <fieldset className="flex min-w-0 flex-col gap-3 rounded-md border border-border p-3">
                <legend className="px-1 text-sm font-semibold">
                  {t('editor.choice', { letter })}
                </legend>
                <div className="flex flex-wrap items-center gap-2">
                  <label className="flex min-h-10 items-center gap-2 text-sm">
                    <input
                      type={single ? 'radio' : 'checkbox'}
                      name={single ? fieldId('choices-correct') : undefined}
                      className="size-4 accent-violet-400"
                      checked={choice.correct}
                      onChange={() => set({ choices: markCorrect(values, i) })}
                    />
                    {t('editor.correct')}
                  </label>
                  <span className="flex-1" />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    disabled={i === 0}
                    aria-label={t('editor.moveUp', { letter })}
                    onClick={() => set({ choices: move(choices, i, i - 1) })}
                  >
                    <ArrowUp aria-hidden />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    disabled={i === choices.length - 1}
                    aria-label={t('editor.moveDown', { letter })}
                    onClick={() => set({ choices: move(choices, i, i + 1) })}
                  >
                    <ArrowDown aria-hidden />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    disabled={choices.length <= ITEM_CHOICES_MIN}
                    aria-label={t('editor.removeChoice', { letter })}
                    onClick={() => set({ choices: choices.filter((_, j) => j !== i) })}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
                <Field
                  id={fieldId(`${base}.text`)}
                  label={t('editor.choiceText')}
                  error={error(`${base}.text`)}
                >
                  <Input
                    {...fieldAria(fieldId(`${base}.text`), error(`${base}.text`))}
                    value={choice.text}
                    onChange={(e) => update(i, { text: e.target.value })}
                  />
                </Field>
                <Field
                  id={fieldId(`${base}.feedback`)}
                  label={t('editor.feedback')}
                  error={error(`${base}.feedback`)}
                >
                  <Input
                    {...fieldAria(fieldId(`${base}.feedback`), error(`${base}.feedback`))}
                    value={choice.feedback}
                    onChange={(e) => update(i, { feedback: e.target.value })}
                  />
                </Field>
                <Field
                  id={fieldId(`${base}.misconception`)}
                  label={t('editor.misconception')}
                  error={error(`${base}.misconception`)}
                  hint={t('editor.misconceptionHint')}
                >
                  <Input
                    {...fieldAria(
                      fieldId(`${base}.misconception`),
                      error(`${base}.misconception`),
                      t('editor.misconceptionHint'),
                    )}
                    value={choice.misconception}
                    onChange={(e) => update(i, { misconception: e.target.value })}
                  />
                </Field>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <Button
        type="button"
        variant="outline"
        className="self-start"
        disabled={choices.length >= ITEM_CHOICES_MAX}
        onClick={() => set({ choices: [...choices, emptyChoice(choices)] })}
      >
        <Plus aria-hidden />
        {t('editor.addChoice')}
      </Button>
    </div>
  );
}
