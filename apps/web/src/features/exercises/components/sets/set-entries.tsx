import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, Shuffle, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { skillLabel, useSkill } from '@/lib/skills';
import { stemSummary } from '../../lib/item-text';
import { moveEntry, removeEntry, setSize, type EntryDraft } from '../../lib/sets-form';
import { StemLine } from '../items/stem-line';

/** The set's entries in order, each with up / down / remove, and the size per student. */
export function SetEntries({
  entries,
  error,
  entryErrors,
  onChange,
}: {
  entries: EntryDraft[];
  error?: string;
  entryErrors: Record<string, string>;
  onChange: (entries: EntryDraft[]) => void;
}) {
  const { t } = useTranslation('sets');
  const sizeId = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={sizeId}>
      <legend className="mb-1 text-sm font-semibold">{t('editor.entries')}</legend>
      {entries.length === 0 ? (
        <p className="rounded-md border border-dashed border-zinc-700 p-3 text-sm text-zinc-400">
          {t('editor.noEntries')}
        </p>
      ) : (
        <ol className="flex flex-col gap-2">
          {entries.map((entry, index) => (
            <li
              key={entry.key}
              className="flex min-w-0 flex-col gap-2 rounded-md border border-border p-2 sm:flex-row sm:items-center"
            >
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <div className="text-sm [overflow-wrap:anywhere]">
                  <span className="mr-2 text-zinc-400 tabular-nums">{index + 1}.</span>
                  {entry.type === 'item' ? (
                    <ItemLabel entry={entry} />
                  ) : (
                    <DrawLabel entry={entry} />
                  )}
                </div>
                {entryErrors[entry.key] ? (
                  <span className="text-sm text-destructive">{entryErrors[entry.key]}</span>
                ) : null}
              </div>
              <div className="flex gap-1 self-end sm:self-auto">
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  disabled={index === 0}
                  aria-label={t('editor.moveUp', { n: index + 1 })}
                  onClick={() => onChange(moveEntry(entries, index, -1))}
                >
                  <ArrowUp aria-hidden />
                </Button>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  disabled={index === entries.length - 1}
                  aria-label={t('editor.moveDown', { n: index + 1 })}
                  onClick={() => onChange(moveEntry(entries, index, 1))}
                >
                  <ArrowDown aria-hidden />
                </Button>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  aria-label={t('editor.remove', { n: index + 1 })}
                  onClick={() => onChange(removeEntry(entries, entry.key))}
                >
                  <X aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <p id={sizeId} className="text-sm text-zinc-300" aria-live="polite">
        {t('editor.size', { count: setSize(entries) })}
      </p>
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
    </fieldset>
  );
}

function ItemLabel({ entry }: { entry: Extract<EntryDraft, { type: 'item' }> }) {
  const { t } = useTranslation('sets');
  if (entry.stem === null) return <>{t('editor.itemGone')}</>;
  return (
    <>
      {entry.kind ? (
        <span className="mr-2 rounded bg-zinc-800 px-1.5 py-0.5 text-xs text-zinc-300">
          {t(`kinds.${entry.kind}`)}
        </span>
      ) : null}
      <StemLine text={stemSummary(entry.stem, 120)} />
    </>
  );
}

function DrawLabel({ entry }: { entry: Extract<EntryDraft, { type: 'draw' }> }) {
  const { t } = useTranslation('sets');
  const skill = useSkill(entry.skillId);
  const name = skill.data ? skillLabel(skill.data) : skill.isError ? t('editor.skillGone') : '…';
  return (
    <>
      <Shuffle className="mr-2 inline size-4 text-violet-300" aria-hidden />
      {t('editor.draw', { count: entry.count, skill: name })}
    </>
  );
}
