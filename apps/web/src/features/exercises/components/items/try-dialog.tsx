import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Shuffle } from 'lucide-react';
import type { ItemDetail, ItemResponse } from '@aprenda/shared/schemas/exercises';
import { Markdown } from '@/components/markdown/markdown';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { ErrorBox, LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/lib/errors';
import { useItemVariant, useTryItem } from '../../api/items';
import { isAnswerComplete } from '../../lib/answer';
import { randomSeed } from '../../lib/item-text';
import { AnswerInput } from '../answer/answer-input';
import { fullScreenOnPhone } from './item-editor-dialog';
import { TryResult } from './try-result';

/**
 * "Experimentar": the item as a student sees it (the variant of a seed, for a template), answered
 * here and graded by the server — right or wrong, the feedback, the explanation and the correct
 * answer. Nothing is stored. "Outra variante" draws other numbers.
 */
export function TryDialog({
  item,
  onOpenChange,
}: {
  item: ItemDetail;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation(['exercises', 'errors']);
  const [seed, setSeed] = useState('preview');
  const [value, setValue] = useState<ItemResponse | null>(null);
  const variant = useItemVariant(item.id, seed);
  const attempt = useTryItem(item.id);
  const shown = variant.data;

  function send() {
    if (!shown || !isAnswerComplete(shown, value)) return;
    attempt.mutate({ response: value!, seed, language: i18n.language });
  }

  function otherVariant() {
    setSeed(randomSeed());
    setValue(null);
    attempt.reset();
  }

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')} className={fullScreenOnPhone}>
        <DialogTitle>{t('try.title')}</DialogTitle>
        <DialogDescription>{t('try.lead')}</DialogDescription>
        {variant.isPending ? (
          <LoadingState>{t('try.loading')}</LoadingState>
        ) : variant.isError || !shown ? (
          <ErrorBox retryLabel={t('retry')} onRetry={() => void variant.refetch()}>
            {errorMessage(t, variant.error)}
          </ErrorBox>
        ) : (
          <form
            className="flex min-w-0 flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              send();
            }}
          >
            <section
              aria-label={t('try.stem')}
              className="min-w-0 rounded-md border border-border p-3 [overflow-wrap:anywhere]"
              data-testid="try-stem"
            >
              <Markdown text={shown.stem} />
            </section>
            <AnswerInput
              item={shown}
              value={value}
              onChange={(next) => {
                setValue(next);
                if (attempt.data) attempt.reset();
              }}
              onSubmit={send}
              disabled={attempt.isPending}
              idPrefix="try"
            />
            {attempt.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {errorMessage(t, attempt.error)}
              </p>
            ) : null}
            {attempt.data ? <TryResult item={shown} result={attempt.data.result} /> : null}
            <DialogFooter>
              {item.template ? (
                <Button type="button" variant="outline" onClick={otherVariant}>
                  <Shuffle aria-hidden />
                  {t('try.otherVariant')}
                </Button>
              ) : null}
              <Button
                type="submit"
                pending={attempt.isPending}
                disabled={!isAnswerComplete(shown, value)}
              >
                {t('try.check')}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
