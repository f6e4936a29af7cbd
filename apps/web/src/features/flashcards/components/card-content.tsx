import { Markdown } from '@/components/markdown/markdown';
import { cn } from '@/lib/utils';

/**
 * One side of a card as the student sees it: markdown with KaTeX maths, tables, code and images
 * (the shared renderer, downloaded only when the text has markdown in it).
 */
export function CardContent({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn('min-w-0 text-base [overflow-wrap:anywhere]', className)}>
      <Markdown text={text} />
    </div>
  );
}
