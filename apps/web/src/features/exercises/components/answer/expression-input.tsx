import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { MathField as MathFieldComponent } from './math-field';

type MathFieldModule = { MathField: typeof MathFieldComponent };

let mathFieldModule: Promise<MathFieldModule> | null = null;
/** The component once loaded: the next expression item shows it at once. */
let loadedMathField: typeof MathFieldComponent | null = null;

/** mathlive's chunk, fetched once, the first time an expression item shows. */
function loadMathField(): Promise<MathFieldModule> {
  mathFieldModule ??= import('./math-field').then(
    (mod) => {
      loadedMathField = mod.MathField;
      return mod;
    },
    (error: unknown) => {
      mathFieldModule = null;
      throw error;
    },
  );
  return mathFieldModule;
}

/** Fetch the maths field ahead (an attempt with expression questions); never rejects. */
export function preloadMathField(): void {
  loadMathField().catch(() => undefined);
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
    () => loadedMathField,
  );
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (loadedMathField) return;
    let live = true;
    loadMathField().then(
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
