import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTree } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/states';
import { inspectMermaid } from '@/lib/mermaid';
import { buildOutline, type Outline, type OutlineItem } from '../lib/outline';

/**
 * "O diagrama em texto": the nodes and links of the last good drawing as nested lists, behind a
 * toggle (also useful to anyone checking the diagram says what they meant). Kinds without an
 * outline show the description.
 */
export function OutlinePanel({ code, description }: { code: string | null; description: string }) {
  const { t } = useTranslation('diagrams');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section className="flex flex-col gap-3">
      <Button
        type="button"
        variant="outline"
        className="self-start"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <ListTree aria-hidden />
        {open ? t('outline.hide') : t('outline.show')}
      </Button>
      <div id={panelId} hidden={!open}>
        {open ? <OutlineBody code={code} description={description} /> : null}
      </div>
    </section>
  );
}

function OutlineBody({ code, description }: { code: string | null; description: string }) {
  const { t } = useTranslation('diagrams');
  const headingId = useId();
  const [state, setState] = useState<{ code: string | null; outline: Outline | undefined }>({
    code: null,
    outline: undefined,
  });

  useEffect(() => {
    if (code === null) return;
    let live = true;
    inspectMermaid(code, ({ type, db }) => buildOutline(type, db)).then(
      (outline) => live && setState({ code, outline }),
      () => live && setState({ code, outline: null }),
    );
    return () => {
      live = false;
    };
  }, [code]);

  const outline = code === null ? null : state.code === code ? state.outline : undefined;
  return (
    <div
      className="flex flex-col gap-3 rounded-md border border-border p-4"
      aria-labelledby={headingId}
      role="region"
    >
      <h2 id={headingId} className="text-base font-semibold">
        {t('outline.title')}
      </h2>
      {outline === undefined ? (
        <LoadingState>{t('outline.loading')}</LoadingState>
      ) : outline === null ? (
        <>
          <p className="text-sm text-zinc-300">{t('outline.unavailable')}</p>
          {description.trim() ? <p className="text-sm">{description}</p> : null}
        </>
      ) : outline.length === 0 ? (
        <p className="text-sm text-zinc-300">{t('outline.empty')}</p>
      ) : (
        <>
          <p className="text-sm text-zinc-300">{t('outline.lead')}</p>
          {outline.map((group) => (
            <div key={group.key} className="flex flex-col gap-1">
              <h3 className="text-sm font-semibold">{t(`outline.groups.${group.key}`)}</h3>
              <OutlineList items={group.items} />
            </div>
          ))}
        </>
      )}
    </div>
  );
}

function OutlineList({ items }: { items: OutlineItem[] }) {
  const { t } = useTranslation('diagrams');
  return (
    <ul className="list-disc space-y-1 ps-5 text-sm [overflow-wrap:anywhere]">
      {items.map((item, index) => (
        <li key={index}>
          {t(`outline.item.${item.key}`, item.values)}
          {item.children && item.children.length > 0 ? <OutlineList items={item.children} /> : null}
        </li>
      ))}
    </ul>
  );
}
