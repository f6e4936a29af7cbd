import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import { TEMPLATE_VARIABLES_MAX } from '@aprenda/shared/schemas/exercises';
import { Button } from '@/components/ui/button';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { emptyVariable, type VariableForm } from '../../lib/item-form';
import type { EditorPartProps } from './field-props';
import { ToggleSwitch } from './toggle-switch';

/** What the hint shows as a placeholder (never interpolated by i18next). */
const PLACEHOLDER_EXAMPLE = '{{a}}';

/**
 * "Modelo com variáveis": each student gets their own numbers, drawn from the ranges below and put
 * in place of `{{a}}` in the texts; a numeric item's answer is then a formula of them.
 */
export function TemplateField({ values, set, error, fieldId }: EditorPartProps) {
  const { t } = useTranslation('exercises');
  const { variables } = values;
  const groupError = error('template');

  function update(index: number, patch: Partial<VariableForm>) {
    set({ variables: variables.map((v, i) => (i === index ? { ...v, ...patch } : v)) });
  }

  return (
    <div className="flex flex-col gap-3 rounded-md border border-border p-3">
      <ToggleSwitch
        id={fieldId('templateOn')}
        checked={values.templateOn}
        onChange={(templateOn) =>
          set({ templateOn, variables: variables.length > 0 ? variables : [emptyVariable()] })
        }
        label={t('editor.template')}
        description={t('editor.templateHint', { example: PLACEHOLDER_EXAMPLE })}
      />
      {values.templateOn ? (
        <>
          {groupError ? (
            <p
              id={fieldId('template')}
              tabIndex={-1}
              role="alert"
              className="text-sm text-destructive"
            >
              {groupError}
            </p>
          ) : null}
          <ol className="flex flex-col gap-3">
            {variables.map((v, i) => {
              const base = `template.variables.${i}`;
              const part = (key: 'name' | 'min' | 'max' | 'step', label: string) => {
                const id = fieldId(`${base}.${key}`);
                const err = error(`${base}.${key}`);
                return (
                  <Field id={id} label={label} error={err}>
                    <Input
                      {...fieldAria(id, err)}
                      value={v[key]}
                      autoComplete="off"
                      spellCheck={false}
                      inputMode={key === 'name' ? 'text' : 'decimal'}
                      onChange={(e) => update(i, { [key]: e.target.value })}
                    />
                  </Field>
                );
              };
              return (
                <li key={v.key}>
                  <fieldset className="flex min-w-0 flex-col gap-3 rounded-md border border-zinc-800 p-3">
                    <legend className="px-1 text-sm font-semibold">
                      {t('editor.variable', { n: i + 1 })}
                    </legend>
                    <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                      {part('name', t('editor.variableName'))}
                      {part('min', t('editor.variableMin'))}
                      {part('max', t('editor.variableMax'))}
                      {part('step', t('editor.variableStep'))}
                    </div>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      className="self-start"
                      disabled={variables.length <= 1}
                      onClick={() => set({ variables: variables.filter((_, j) => j !== i) })}
                    >
                      <Trash2 aria-hidden />
                      {t('editor.removeVariable', { n: i + 1 })}
                    </Button>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <Button
            type="button"
            variant="outline"
            className="self-start"
            disabled={variables.length >= TEMPLATE_VARIABLES_MAX}
            onClick={() => set({ variables: [...variables, emptyVariable()] })}
          >
            <Plus aria-hidden />
            {t('editor.addVariable')}
          </Button>
        </>
      ) : null}
    </div>
  );
}
