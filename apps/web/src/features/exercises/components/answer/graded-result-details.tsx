import type { GradedResult, PublicItem } from '@aprenda/shared/schemas/exercises';
import { Markdown } from '@/components/markdown/markdown';
import { cn } from '@/lib/utils';
import { choiceFeedback, type CorrectAnswer } from '../../lib/practice-mastery';

/** The labels, already translated in the caller's namespace. */
export interface GradedResultLabels {
  /** The tag of a picked choice's misconception ("Misconception: {tag}"). */
  misconception: (tag: string) => string;
  correctAnswer: string;
  explanation: string;
  /**
   * A heading over the picked choices' feedback, which then is a list under it; without it the
   * feedback cards stand on their own, one after the other.
   */
  picked?: string;
}

/**
 * The details of a graded answer, below its right-or-wrong title: the feedback of the picked
 * choices with their misconception, the correct answer (when `answer` is given) and the
 * explanation (when there is one). Shared by the practice screen's feedback panel, whose labels
 * are `h3` under its `h2`, and an assignment's item result, whose labels are plain paragraphs
 * (`labelAs`). It renders a fragment: the caller's box spaces the parts. The test ids
 * (`choice-feedback`, `correct-answer`, `explanation`) are what the browser tests look for.
 */
export function GradedResultDetails({
  item,
  result,
  answer,
  labels,
  labelAs: Label,
}: {
  item: PublicItem;
  result: GradedResult;
  /** The correct answer to show, or null for none (e.g. after a right choice). */
  answer: CorrectAnswer | null;
  labels: GradedResultLabels;
  labelAs: 'p' | 'h3';
}) {
  const feedback = choiceFeedback(item, result);
  const panel = Label === 'h3';
  const section = cn('flex min-w-0 flex-col', panel ? 'gap-2' : 'gap-1');
  const labelClass = 'text-sm font-medium text-zinc-300';
  const Card = labels.picked ? 'li' : 'div';
  const cards = feedback.map((f) => (
    <Card
      key={f.choiceId}
      className="flex min-w-0 flex-col gap-2 rounded-md border border-border bg-zinc-900 p-3"
      data-testid="choice-feedback"
    >
      <div className="min-w-0 text-sm text-zinc-300 [overflow-wrap:anywhere]">
        <Markdown text={f.choice} />
      </div>
      {f.text ? (
        <div className="min-w-0 [overflow-wrap:anywhere]">
          <Markdown text={f.text} />
        </div>
      ) : null}
      {f.misconception ? (
        <p className="self-start rounded-full border border-amber-400/40 bg-amber-400/10 px-2.5 py-0.5 text-xs font-medium text-amber-200">
          {labels.misconception(f.misconception)}
        </p>
      ) : null}
    </Card>
  ));
  return (
    <>
      {labels.picked ? (
        feedback.length > 0 ? (
          <div className="flex flex-col gap-2">
            <Label className={labelClass}>{labels.picked}</Label>
            <ul className="flex flex-col gap-2">{cards}</ul>
          </div>
        ) : null
      ) : (
        cards
      )}

      {answer ? (
        <div className={section} data-testid="correct-answer">
          <Label className={labelClass}>{labels.correctAnswer}</Label>
          {answer.kind === 'choices' ? (
            <ul className="flex flex-col gap-2">
              {answer.texts.map((text, i) => (
                <li
                  key={i}
                  className="min-w-0 rounded-md border border-emerald-400/40 bg-emerald-400/5 p-3 [overflow-wrap:anywhere]"
                >
                  <Markdown text={text} />
                </li>
              ))}
            </ul>
          ) : (
            <div
              className={cn(
                'min-w-0 overflow-x-auto [overflow-wrap:anywhere]',
                panel && 'text-base',
              )}
            >
              <Markdown text={answer.text} />
            </div>
          )}
        </div>
      ) : null}

      {result.explanation.trim() ? (
        <div className={section} data-testid="explanation">
          <Label className={labelClass}>{labels.explanation}</Label>
          <div className="min-w-0 [overflow-wrap:anywhere]">
            <Markdown text={result.explanation} />
          </div>
        </div>
      ) : null}
    </>
  );
}
