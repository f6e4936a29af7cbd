import { useId, useState, type KeyboardEvent } from 'react';
import { parseDecimal } from '@aprenda/shared/decimal';
import { useTranslation } from 'react-i18next';
import type { ItemResponse, PublicItem } from '@aprenda/shared/schemas/exercises';
import { Markdown } from '@/components/markdown/markdown';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { cn } from '@/lib/utils';
import {
  choiceIndexForKey,
  isAnswerComplete,
  pickedChoices,
  plainChoiceText,
  textResponse,
  toggleChoice,
  typedValue,
} from '../../lib/answer';
import { ExpressionInput } from './expression-input';

export interface AnswerInputProps {
  item: PublicItem;
  value: ItemResponse | null;
  onChange: (value: ItemResponse | null) => void;
  /** Enter (in a field or a choice group) with a complete answer. */
  onSubmit?: () => void;
  disabled?: boolean;
  /** Prefix of the element ids (two inputs on one page need different ones). */
  idPrefix?: string;
}

const CHOICE_ROW =
  'flex min-h-12 min-w-0 cursor-pointer items-start gap-3 rounded-md border border-border bg-zinc-900 px-3 py-3 transition-colors hover:bg-zinc-800 has-[:checked]:border-primary has-[[data-state=checked]]:border-primary';

/**
 * The answer to one item, by kind: a radio group (`single`), checkboxes (`multiple`) — keys 1–9
 * pick the choices while focus is in the group —, a number field that takes "2,5" or "2.5"
 * (`numeric`), a text field (`text`) or the maths field (`expression`, LaTeX). Enter sends a
 * complete answer through `onSubmit`.
 */
export function AnswerInput({
  item,
  value,
  onChange,
  onSubmit,
  disabled,
  idPrefix,
}: AnswerInputProps) {
  const { t } = useTranslation('practice');
  const autoId = useId();
  const prefix = idPrefix ?? `answer${autoId.replace(/:/g, '')}`;
  const inputId = `${prefix}-input`;
  // A number field says "not a number" at once for letters, and on leaving it or pressing Enter
  // for the rest ("-", "12,0.5"): a half-typed number is not an error yet.
  const [checked, setChecked] = useState(false);

  function submit() {
    setChecked(true);
    if (!disabled && onSubmit && isAnswerComplete(item, value)) onSubmit();
  }

  function onGroupKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (disabled) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      submit();
      return;
    }
    const index = choiceIndexForKey(event.nativeEvent, item.choices.length);
    if (index === null) return;
    event.preventDefault();
    const choice = item.choices[index];
    if (!choice) return;
    onChange(item.kind === 'single' ? { choice: choice.id } : toggleChoice(item, value, choice.id));
    document.getElementById(`${prefix}-choice-${index}`)?.focus();
  }

  function onFieldKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  if (item.kind === 'single') {
    const picked = pickedChoices(value)[0] ?? '';
    return (
      <RadioGroup
        value={picked}
        onValueChange={(choice) => onChange({ choice })}
        onKeyDown={onGroupKeyDown}
        disabled={disabled}
        aria-label={t('answer.choicesLabel')}
        aria-keyshortcuts={keyShortcuts(item.choices.length)}
        className="gap-2"
      >
        {item.choices.map((choice, index) => (
          <label key={choice.id} htmlFor={`${prefix}-choice-${index}`} className={CHOICE_ROW}>
            <RadioGroupItem
              id={`${prefix}-choice-${index}`}
              value={choice.id}
              aria-label={plainChoiceText(choice.text)}
              className="mt-0.5"
            />
            <ChoiceText index={index} text={choice.text} />
          </label>
        ))}
      </RadioGroup>
    );
  }

  if (item.kind === 'multiple') {
    const picked = new Set(pickedChoices(value));
    return (
      <fieldset
        onKeyDown={onGroupKeyDown}
        disabled={disabled}
        aria-keyshortcuts={keyShortcuts(item.choices.length)}
        className="flex min-w-0 flex-col gap-2"
      >
        <legend className="mb-2 text-sm text-zinc-300">{t('answer.multipleLegend')}</legend>
        {item.choices.map((choice, index) => (
          <label key={choice.id} htmlFor={`${prefix}-choice-${index}`} className={CHOICE_ROW}>
            <input
              id={`${prefix}-choice-${index}`}
              type="checkbox"
              checked={picked.has(choice.id)}
              onChange={() => onChange(toggleChoice(item, value, choice.id))}
              aria-label={plainChoiceText(choice.text)}
              className="mt-0.5 size-5 shrink-0 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            />
            <ChoiceText index={index} text={choice.text} />
          </label>
        ))}
      </fieldset>
    );
  }

  if (item.kind === 'expression') {
    return (
      <ExpressionInput
        id={inputId}
        value={typedValue(value)}
        onChange={(latex) => onChange(textResponse(latex))}
        onEnter={submit}
        disabled={disabled}
      />
    );
  }

  const numeric = item.kind === 'numeric';
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const typed = typedValue(value);
  const notANumber =
    numeric &&
    typed.trim() !== '' &&
    parseDecimal(typed) === null &&
    (checked || /[^\d.,+\-\u2212\u2013eE\s/]/.test(typed));
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={inputId}>{t(numeric ? 'answer.numericLabel' : 'answer.textLabel')}</Label>
      <Input
        id={inputId}
        value={typed}
        onChange={(event) => {
          if (event.target.value.trim() === '') setChecked(false);
          onChange(textResponse(event.target.value));
        }}
        onKeyDown={onFieldKeyDown}
        onBlur={() => setChecked(true)}
        disabled={disabled}
        inputMode={numeric ? 'decimal' : 'text'}
        autoComplete="off"
        autoCapitalize={numeric ? 'off' : 'sentences'}
        spellCheck={!numeric}
        enterKeyHint="send"
        aria-describedby={numeric ? (notANumber ? `${errorId} ${hintId}` : hintId) : undefined}
        aria-invalid={notANumber || undefined}
        className={cn('text-lg sm:text-base', numeric && 'tabular-nums')}
      />
      {notANumber ? (
        <p id={errorId} className="text-sm text-destructive">
          {t('answer.notANumber')}
        </p>
      ) : null}
      {numeric ? (
        <p id={hintId} className="text-xs text-zinc-400">
          {t('answer.numericHint')}
        </p>
      ) : null}
    </div>
  );
}

function ChoiceText({ index, text }: { index: number; text: string }) {
  return (
    <span className="flex min-w-0 flex-1 items-start gap-2">
      {index < 9 ? (
        <span
          aria-hidden
          className="mt-0.5 hidden rounded border border-border px-1.5 text-xs text-zinc-400 tabular-nums sm:inline"
        >
          {index + 1}
        </span>
      ) : null}
      <span className="block min-w-0 flex-1 [overflow-wrap:anywhere]">
        <Markdown text={text} />
      </span>
    </span>
  );
}

function keyShortcuts(count: number): string {
  return Array.from({ length: Math.min(count, 9) }, (_, i) => String(i + 1)).join(' ');
}
