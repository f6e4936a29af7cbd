import { lazy, Suspense } from 'react';
import type { MarkdownRendererProps } from './markdown-renderer';

const LazyRenderer = lazy(() =>
  import('./markdown-renderer').then((m) => ({ default: m.MarkdownRenderer })),
);

/**
 * Markdown for model answers. The renderer (react-markdown, KaTeX, highlighter, its CSS) is its
 * own chunk loaded on first use; meanwhile the plain text shows, so nothing waits on it.
 */
export function Markdown(props: MarkdownRendererProps) {
  return (
    <Suspense fallback={<div className="whitespace-pre-wrap">{props.text}</div>}>
      <LazyRenderer {...props} />
    </Suspense>
  );
}
