import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '@/components/markdown/markdown';
import { Field, fieldAria } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/**
 * A markdown text (stem, explanation) with its live preview below: KaTeX maths, tables, code and
 * images as the student will see them. The preview follows the typing after a short pause.
 */
export function MarkdownField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  rows = 4,
  textareaRef,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  rows?: number;
  textareaRef?: Ref<HTMLTextAreaElement>;
}) {
  const { t } = useTranslation('exercises');
  const preview = useDebouncedValue(value, 200);
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Textarea
        {...fieldAria(id, error, hint)}
        ref={textareaRef}
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {preview.trim() ? (
        <section
          aria-label={t('editor.previewOf', { field: label })}
          className="min-w-0 rounded-md border border-dashed border-zinc-700 bg-zinc-900/40 p-3 text-sm [overflow-wrap:anywhere]"
        >
          <p className="mb-1 text-xs font-medium text-zinc-400" aria-hidden>
            {t('editor.preview')}
          </p>
          <Markdown text={preview} />
        </section>
      ) : null}
    </Field>
  );
}
