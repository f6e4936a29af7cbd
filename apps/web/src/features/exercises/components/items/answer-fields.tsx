import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import { ITEM_ACCEPTED_MAX } from '@aprenda/shared/schemas/exercises';
import { Markdown } from '@/components/markdown/markdown';
import { Button } from '@/components/ui/button';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import type { ToleranceKind } from '../../lib/item-form';
import type { EditorPartProps } from './field-props';

/**
 * A numeric item's answer: a number (a decimal comma is fine) or, for a template, a formula of its
 * variables; and the tolerance, absolute or relative (a fraction of the answer).
 */
export function NumericField({ values, set, error, fieldId }: EditorPartProps) {
  const { t } = useTranslation('exercises');
  const answerPath = values.templateOn ? 'numeric.formula' : 'numeric.answer';
  const answerId = fieldId(answerPath);
  const hint = values.templateOn ? t('editor.formulaHint') : t('editor.answerHint');
  return (
    <div className="flex flex-col gap-4">
      <Field
        id={answerId}
        label={values.templateOn ? t('editor.formula') : t('editor.answer')}
        error={error(answerPath)}
        hint={hint}
      >
        <Input
          {...fieldAria(answerId, error(answerPath), hint)}
          value={values.templateOn ? values.formula : values.answer}
          inputMode={values.templateOn ? 'text' : 'decimal'}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) =>
            set(values.templateOn ? { formula: e.target.value } : { answer: e.target.value })
          }
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={fieldId('numeric.tolerance')}
          label={t('editor.tolerance')}
          error={error('numeric.tolerance')}
        >
          <Input
            {...fieldAria(fieldId('numeric.tolerance'), error('numeric.tolerance'))}
            value={values.tolerance}
            inputMode="decimal"
            autoComplete="off"
            onChange={(e) => set({ tolerance: e.target.value })}
          />
        </Field>
        <Field id={fieldId('numeric.tolerance_kind')} label={t('editor.toleranceKind')}>
          <NativeSelect
            id={fieldId('numeric.tolerance_kind')}
            value={values.toleranceKind}
            onChange={(e) => set({ toleranceKind: e.target.value as ToleranceKind })}
          >
            <option value="absolute">{t('editor.absolute')}</option>
            <option value="relative">{t('editor.relative')}</option>
          </NativeSelect>
        </Field>
      </div>
    </div>
  );
}

/** A short-answer item's accepted answers (case, accents and spacing are ignored). */
export function AcceptedField({ values, set, error, fieldId }: EditorPartProps) {
  const { t } = useTranslation('exercises');
  const { accepted } = values;
  const groupError = error('text.accepted');
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h3 className="text-sm font-medium">{t('editor.accepted')}</h3>
        <p className="text-xs text-zinc-400">{t('editor.acceptedHint')}</p>
        {groupError ? (
          <p
            id={fieldId('text.accepted')}
            tabIndex={-1}
            role="alert"
            className="text-sm text-destructive"
          >
            {groupError}
          </p>
        ) : null}
      </div>
      <ol className="flex flex-col gap-2">
        {accepted.map((answer, i) => {
          const path = `text.accepted.${i}`;
          const id = fieldId(path);
          return (
            <li key={i} className="flex items-start gap-2">
              <div className="min-w-0 flex-1">
                <Field id={id} label={t('editor.acceptedOne', { n: i + 1 })} error={error(path)}>
                  <Input
                    {...fieldAria(id, error(path))}
                    value={answer}
                    autoComplete="off"
                    onChange={(e) =>
                      set({ accepted: accepted.map((a, j) => (j === i ? e.target.value : a)) })
                    }
                  />
                </Field>
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="mt-7"
                disabled={accepted.length <= 1}
                aria-label={t('editor.removeAccepted', { n: i + 1 })}
                onClick={() => set({ accepted: accepted.filter((_, j) => j !== i) })}
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          );
        })}
      </ol>
      <Button
        type="button"
        variant="outline"
        className="self-start"
        disabled={accepted.length >= ITEM_ACCEPTED_MAX}
        onClick={() => set({ accepted: [...accepted, ''] })}
      >
        <Plus aria-hidden />
        {t('editor.addAccepted')}
      </Button>
    </div>
  );
}

/** An expression item's answer in LaTeX, with its KaTeX rendering below. */
export function ExpressionField({ values, set, error, fieldId }: EditorPartProps) {
  const { t } = useTranslation('exercises');
  const id = fieldId('expression.answer');
  const preview = useDebouncedValue(values.expression.trim(), 200);
  return (
    <Field
      id={id}
      label={t('editor.expression')}
      error={error('expression.answer')}
      hint={t('editor.expressionHint')}
    >
      <Input
        {...fieldAria(id, error('expression.answer'), t('editor.expressionHint'))}
        value={values.expression}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        className="font-mono"
        onChange={(e) => set({ expression: e.target.value })}
      />
      {preview ? (
        <section
          aria-label={t('editor.previewOf', { field: t('editor.expression') })}
          tabIndex={0}
          className="min-w-0 overflow-x-auto rounded-md border border-dashed border-zinc-700 p-3"
        >
          <Markdown text={`$$${preview.replace(/\$/g, '')}$$`} />
        </section>
      ) : null}
    </Field>
  );
}
