import { lazy, Suspense } from 'react';
import { needsMarkdown, plainParagraphs } from '@/lib/markdown-detect';
import type { MarkdownRendererProps } from './markdown-renderer';

const LazyRenderer = lazy(() =>
  import('./markdown-renderer').then((m) => ({ default: m.MarkdownRenderer })),
);

/** Plain text: paragraphs and line breaks, nothing to download. */
export function PlainText({ text }: { text: string }) {
  return (
    <div className="flex flex-col gap-3 leading-relaxed break-words" data-testid="plain-text">
      {plainParagraphs(text).map((paragraph, i) => (
        <p key={i} className="whitespace-pre-wrap">
          {paragraph}
        </p>
      ))}
    </div>
  );
}

/**
 * Markdown for model answers. The renderer (react-markdown, KaTeX, highlighter, its CSS) is its
 * own chunk, downloaded only when an answer has markdown syntax (`needsMarkdown`); a plain answer
 * renders as paragraphs without it. While the chunk loads, the plain text shows.
 */
export function Markdown(props: MarkdownRendererProps) {
  if (!needsMarkdown(props.text)) return <PlainText text={props.text} />;
  return (
    <Suspense fallback={<PlainText text={props.text} />}>
      <LazyRenderer {...props} />
    </Suspense>
  );
}
