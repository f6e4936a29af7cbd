import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { chunkLoader } from '@/lib/chunk-loader';
import type { MathField as MathFieldComponent } from './math-field';

/** mathlive's chunk, fetched once, the first time an expression item shows (or ahead). */
const mathField = chunkLoader(() => import('./math-field'));

/** Fetch the maths field ahead (an attempt with expression questions); never rejects. */
export function preloadMathField(): void {
  mathField.load().catch(() => undefined);
}

/**
 * An expression answer: the maths field (mathlive) once its chunk arrives; until then, or if it
 * never does, a plain input where the answer is typed in LaTeX. Either way the value is LaTeX.
 */
export function ExpressionInput({
  id,
  value,
  onChange,
  onEnter,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (latex: string) => void;
  onEnter: () => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('practice');
  const [MathField, setMathField] = useState<typeof MathFieldComponent | null>(
    () => mathField.loaded()?.MathField ?? null,
  );
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (mathField.loaded()) return;
    let live = true;
    mathField.load().then(
      (mod) => {
        if (live) setMathField(() => mod.MathField);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const hintId = `${id}-hint`;
  const hint = MathField
    ? t('answer.expressionHint')
    : failed
      ? t('answer.latexFailed')
      : t('answer.latexHint');
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{t('answer.expressionLabel')}</Label>
      {MathField ? (
        <MathField
          id={id}
          value={value}
          onChange={onChange}
          onEnter={onEnter}
          disabled={disabled}
          describedBy={hintId}
          language={i18n.language}
          autoFocus={typeof document !== 'undefined' && document.activeElement?.id === id}
        />
      ) : (
        <Input
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
              event.preventDefault();
              onEnter();
            }
          }}
          disabled={disabled}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-describedby={hintId}
          className="font-mono"
          data-testid="latex-input"
        />
      )}
      <p id={hintId} className="text-xs text-zinc-400">
        {hint}
      </p>
    </div>
  );
}
