import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Sparkles } from 'lucide-react';
import { DIAGRAM_PROMPT_MAX, type GeneratedDiagram } from '@aprenda/shared/schemas/diagrams';
import { NoKeyNote } from '@/components/ai/no-key-note';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/errors';
import { useAiModels, useGenerateDiagram } from '../api/generate';

/**
 * "A IA desenha": a prompt ("Descreva o diagrama…") → POST /diagrams/generate → the code opens in
 * the editor, unsaved. With the box ticked the current code goes along, for the AI to change it.
 */
export function GenerateBox({
  currentCode,
  onGenerated,
}: {
  currentCode: string;
  onGenerated: (result: GeneratedDiagram) => void;
}) {
  const { t, i18n } = useTranslation(['diagrams', 'errors']);
  const id = useId();
  const [prompt, setPrompt] = useState('');
  const [useCurrent, setUseCurrent] = useState(false);
  const [missing, setMissing] = useState(false);
  const models = useAiModels();
  const generate = useGenerateDiagram();
  const noKey =
    (models.isSuccess && models.data.items.length === 0) ||
    (generate.error instanceof ApiError && generate.error.code === 'no_api_key');

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!prompt.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    generate.mutate(
      {
        prompt: prompt.trim(),
        ...(useCurrent && currentCode.trim() ? { currentCode } : {}),
        locale: i18n.language === 'en' ? 'en' : 'pt-BR',
      },
      { onSuccess: onGenerated },
    );
  }

  const hintId = `${id}-hint`;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-semibold">
        <Sparkles className="size-4 text-primary" aria-hidden />
        {t('generate.title')}
      </h2>
      {noKey ? <NoKeyNote body={t('generate.noKey')} /> : null}
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <label htmlFor={`${id}-prompt`} className="text-sm font-medium">
          {t('generate.prompt')}
        </label>
        <Textarea
          id={`${id}-prompt`}
          rows={2}
          className="min-h-16"
          value={prompt}
          maxLength={DIAGRAM_PROMPT_MAX}
          placeholder={t('generate.placeholder')}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? hintId : undefined}
          onChange={(e) => setPrompt(e.target.value)}
        />
        {missing ? (
          <p id={hintId} className="text-sm text-destructive">
            {t('generate.required')}
          </p>
        ) : null}
        <label className="flex items-start gap-2 text-sm text-zinc-300">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={useCurrent}
            onChange={(e) => setUseCurrent(e.target.checked)}
          />
          {t('generate.useCurrent')}
        </label>
        {generate.isError && !noKey ? (
          <p role="alert" className="text-sm text-red-300">
            {errorMessage(t, generate.error)}
          </p>
        ) : null}
        {generate.isSuccess ? (
          <p role="status" className="text-sm text-emerald-300">
            {t('generate.done')}
            {generate.data.retried ? ` ${t('generate.retried')}` : ''}
          </p>
        ) : null}
        <Button type="submit" className="self-start" pending={generate.isPending} disabled={noKey}>
          <Sparkles aria-hidden />
          {generate.isPending ? t('generate.working') : t('generate.submit')}
        </Button>
      </form>
    </section>
  );
}
