import { lazy, Suspense } from 'react';
import { chunkLoader } from '@/lib/chunk-loader';
import { needsMarkdown, plainParagraphs } from '@/lib/markdown-detect';
import type { MarkdownRendererProps } from './markdown-renderer';

/** The renderer's chunk: fetched once, kept (later texts render with it at once). */
const renderer = chunkLoader(() => import('./markdown-renderer'));

const LazyRenderer = lazy(() => renderer.load().then((m) => ({ default: m.MarkdownRenderer })));

/**
 * Fetch the renderer ahead of the texts that need it — e.g. while a student reads an assignment's
 * overview, so its questions' maths is drawn the moment they open, even on a slow connection
 * (instead of `$x + 7 = 12$` for seconds). Resolves when it is here; never rejects.
 */
export function preloadMarkdown(): Promise<void> {
  return renderer.load().then(
    () => undefined,
    () => undefined,
  );
}

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
 * own chunk, downloaded only when an answer has markdown syntax (`needsMarkdown`) or a screen asks
 * for it ahead (`preloadMarkdown`); a plain answer renders as paragraphs without it. While the
 * chunk loads, the plain text shows.
 */
export function Markdown(props: MarkdownRendererProps) {
  if (!needsMarkdown(props.text)) return <PlainText text={props.text} />;
  const Loaded = renderer.loaded()?.MarkdownRenderer;
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={<PlainText text={props.text} />}>
      <LazyRenderer {...props} />
    </Suspense>
  );
}
