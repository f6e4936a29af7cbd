import { Markdown } from '@/components/markdown/markdown';
import { hasMaths, markPlaceholders } from '../../lib/item-text';

/**
 * A question's one-line summary (`stemSummary`) with its formulas typeset, so that "Quanto é
 * $2+3$?" reads the same in the bank, the list editor, the import preview and the results. Plain
 * text stays text (no markdown chunk to download). With maths it is a block laid out inline: put
 * it in a `div`, not in a `p` or a `span`. A template's `{{name}}` in a formula shows boxed.
 */
export function StemLine({ text }: { text: string }) {
  if (!hasMaths(text)) return <>{text}</>;
  return (
    <div
      className="inline min-w-0 [&_.katex-display]:my-0 [&_div]:inline [&_p]:m-0 [&_p]:inline"
      data-testid="stem-maths"
    >
      <Markdown text={markPlaceholders(text)} />
    </div>
  );
}
