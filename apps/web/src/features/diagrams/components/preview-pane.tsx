import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { MERMAID_MAX_EDGES } from '@/lib/mermaid';
import type { GoodPreview } from '../lib/live-preview';
import type { SyntaxProblem } from '../lib/syntax-error';

/**
 * The drawing (the last good one: a syntax error leaves it on screen) and, below it, the error:
 * its line, a translated hint and a button that takes the cursor to that line.
 */
export function PreviewPane({
  good,
  problem,
  drawing,
  title,
  errorId,
  readOnly = false,
  onGoToLine,
}: {
  good: GoodPreview | null;
  problem: SyntaxProblem | null;
  drawing: boolean;
  title: string;
  /** The id of the error text (the code pane is described by it). */
  errorId: string;
  /** Someone else's diagram, shared to read: a code that does not draw is not theirs to fix. */
  readOnly?: boolean;
  onGoToLine: (line: number) => void;
}) {
  const { t } = useTranslation('diagrams');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-sm font-medium">
          {t('editor.preview')}
        </h2>
        {drawing ? (
          <span className="flex items-center gap-1 text-xs text-zinc-400">
            <Loader2 className="size-3 animate-spin motion-reduce:animate-none" aria-hidden />
            {t('editor.rendering')}
          </span>
        ) : null}
      </div>
      <div
        role="status"
        aria-live="polite"
        id={errorId}
        className={
          problem ? 'rounded-md border border-amber-400/40 bg-amber-400/10 p-3 text-sm' : 'sr-only'
        }
      >
        {problem ? (
          <div className="flex flex-col gap-1">
            <p className="flex items-center gap-2 font-semibold text-amber-100">
              <AlertTriangle className="size-4 shrink-0" aria-hidden />
              {problem.hint === 'tooLarge'
                ? t('syntax.titleTooLarge')
                : problem.line === null
                  ? t('syntax.titleNoLine')
                  : t('syntax.title', { line: problem.line })}
            </p>
            <p className="text-zinc-200">
              {t(`syntax.hint.${problem.hint}`, { max: MERMAID_MAX_EDGES })}
            </p>
            {good ? <p className="text-zinc-300">{t('syntax.kept')}</p> : null}
            {problem.line !== null ? (
              <Button
                type="button"
                variant="link"
                size="sm"
                className="h-auto self-start p-0"
                onClick={() => onGoToLine(problem.line!)}
              >
                {t('syntax.goToLine', { line: problem.line })}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <div
        className="min-h-64 overflow-auto rounded-md border border-border bg-zinc-900 p-4 [&_svg]:mx-auto [&_svg]:h-auto [&_svg]:max-w-full"
        data-testid="diagram-preview"
        data-stale={problem ? 'true' : undefined}
        role="group"
        aria-label={
          title.trim() ? t('editor.previewLabel', { title }) : t('editor.previewLabelUntitled')
        }
      >
        {good ? (
          <div dangerouslySetInnerHTML={{ __html: good.svg }} />
        ) : (
          <p className="py-10 text-center text-sm text-zinc-400">
            {problem
              ? t(
                  problem.hint === 'tooLarge'
                    ? 'editor.previewTooLarge'
                    : readOnly
                      ? 'editor.previewBrokenShared'
                      : 'editor.previewBroken',
                )
              : drawing
                ? t('editor.rendering')
                : t('editor.previewEmpty')}
          </p>
        )}
      </div>
    </section>
  );
}
