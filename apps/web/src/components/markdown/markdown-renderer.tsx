import {
  createContext,
  memo,
  useContext,
  useRef,
  type ComponentProps,
  type ReactNode,
} from 'react';
import ReactMarkdown, { defaultUrlTransform, type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';
import rehypeHighlight from 'rehype-highlight';
import { useTranslation } from 'react-i18next';
import 'katex/dist/katex.min.css';
import './markdown.css';
import { CopyButton } from './copy-button';
import { normalizeMath } from '@/lib/math-delimiters';
import { MermaidBlock } from './mermaid-block';

/**
 * The heavy half of the markdown view (loaded lazily): GFM tables, KaTeX maths, highlighted code
 * with a copy button and ```mermaid diagrams. Raw HTML in the text is never parsed as HTML
 * (no rehype-raw: it stays text), and links only keep safe protocols (no `javascript:`).
 */
export interface MarkdownRendererProps {
  text: string;
  /** While an answer streams, diagrams wait for the complete text. */
  streaming?: boolean;
}

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (node && typeof node === 'object' && 'props' in node) {
    return textOf((node.props as { children?: ReactNode }).children);
  }
  return '';
}

function CodeBlock({ children, ...props }: ComponentProps<'pre'>) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLPreElement>(null);
  const child = Array.isArray(children) ? children[0] : children;
  const className =
    child && typeof child === 'object' && 'props' in child
      ? ((child.props as { className?: string }).className ?? '')
      : '';
  const language = /language-([\w-]+)/.exec(className)?.[1];
  return (
    <div className="group relative my-3">
      {language ? (
        <span className="absolute top-1.5 left-3 text-xs text-zinc-400 select-none">
          {language}
        </span>
      ) : null}
      <CopyButton
        className="absolute top-1 right-1"
        label={t('markdown.copyCode')}
        getText={() => ref.current?.textContent ?? ''}
      />
      <pre
        ref={ref}
        {...props}
        className="overflow-x-auto rounded-md border border-zinc-800 bg-zinc-950 p-3 pt-7 text-sm leading-relaxed"
      >
        {children}
      </pre>
    </div>
  );
}

/** Whether the answer is still streaming (diagrams wait for the complete text). */
const StreamingContext = createContext(false);

function Pre({ children, node: _node, ...props }: ComponentProps<'pre'> & { node?: unknown }) {
  const streaming = useContext(StreamingContext);
  const child = Array.isArray(children) ? children[0] : children;
  const className =
    child && typeof child === 'object' && 'props' in child
      ? ((child.props as { className?: string }).className ?? '')
      : '';
  if (className.includes('language-mermaid')) {
    const code = textOf(child).replace(/\n$/, '');
    return <MermaidBlock code={code} pending={streaming} />;
  }
  return <CodeBlock {...props}>{children}</CodeBlock>;
}

// Defined once: new component functions on every render would remount code blocks and diagrams.
const components: Components = {
  pre: Pre,
  a({ children, node: _node, href, ...props }) {
    // defaultUrlTransform empties unsafe targets (javascript:, data:…): keep only the text.
    if (!href) return <span>{children}</span>;
    return (
      <a
        {...props}
        href={href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="text-primary underline underline-offset-2"
      >
        {children}
      </a>
    );
  },
  table({ children, node: _node, ...props }) {
    return (
      <div className="my-3 overflow-x-auto">
        <table {...props}>{children}</table>
      </div>
    );
  },
};

const remarkPlugins = [remarkGfm, remarkMath];
const rehypePlugins: NonNullable<ComponentProps<typeof ReactMarkdown>['rehypePlugins']> = [
  [rehypeKatex, { throwOnError: false, strict: false, trust: false }],
  [rehypeHighlight, { plainText: ['mermaid'] }],
];

/** Parsing is not free: re-render only when the text or the streaming state changes. */
export const MarkdownRenderer = memo(function MarkdownRenderer({
  text,
  streaming = false,
}: MarkdownRendererProps) {
  return (
    <StreamingContext value={streaming}>
      <div className="markdown-body">
        <ReactMarkdown
          remarkPlugins={remarkPlugins}
          rehypePlugins={rehypePlugins}
          urlTransform={defaultUrlTransform}
          components={components}
        >
          {normalizeMath(text)}
        </ReactMarkdown>
      </div>
    </StreamingContext>
  );
});
