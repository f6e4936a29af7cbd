import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cachedMermaid, renderMermaid } from '@/lib/mermaid';

/**
 * A ```mermaid block: drawn only when complete (not while the answer streams) and once it comes
 * near the screen; mermaid runs with securityLevel 'strict' and its SVG is sanitized by DOMPurify.
 */
export function MermaidBlock({ code, pending = false }: { code: string; pending?: boolean }) {
  const { t } = useTranslation('common');
  const id = useId().replace(/[^\w-]/g, '');
  const ref = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (old browsers, tests) diagrams draw at once.
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  const [state, setState] = useState<
    | { status: 'idle' }
    | { status: 'done'; svg: string; code: string }
    | { status: 'error'; code: string }
  >({ status: 'idle' });

  useEffect(() => {
    const el = ref.current;
    if (!el || visible) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVisible(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [visible]);

  useEffect(() => {
    if (pending || !visible || cachedMermaid(code)) return;
    let cancelled = false;
    renderMermaid(`mermaid-${id}`, code).then(
      (svg) => {
        if (!cancelled) setState({ status: 'done', svg, code });
      },
      () => {
        if (!cancelled) setState({ status: 'error', code });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [code, id, pending, visible]);

  const cached = cachedMermaid(code);
  const current = cached
    ? ({ status: 'done', svg: cached, code } as const)
    : state.status !== 'idle' && state.code === code
      ? state
      : null;
  return (
    <figure
      ref={ref}
      className="my-3 overflow-x-auto rounded-md border border-zinc-800 bg-zinc-950 p-3"
    >
      <figcaption className="sr-only">{t('markdown.diagram')}</figcaption>
      {current?.status === 'done' ? (
        <div
          className="mermaid-diagram flex justify-center [&_svg]:h-auto [&_svg]:max-w-full"
          data-testid="mermaid-diagram"
          // Sanitized by DOMPurify (SVG profile) in renderMermaid.
          dangerouslySetInnerHTML={{ __html: current.svg }}
        />
      ) : (
        <>
          {current?.status === 'error' ? (
            <p role="note" className="mb-2 text-sm text-amber-300">
              {t('markdown.diagramError')}
            </p>
          ) : !pending ? (
            <p className="mb-2 text-xs text-zinc-400">{t('markdown.diagramLoading')}</p>
          ) : null}
          <pre className="text-sm whitespace-pre-wrap text-zinc-300">{code}</pre>
        </>
      )}
    </figure>
  );
}
