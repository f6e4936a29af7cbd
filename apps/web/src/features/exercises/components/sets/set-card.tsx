import { useTranslation } from 'react-i18next';
import { Pencil, Send, Trash2 } from 'lucide-react';
import type { ExerciseSet } from '@aprenda/shared/schemas/exercises';
import { Button } from '@/components/ui/button';
import type { useTeachingAssignments } from '../../api/sets';
import { SetAssignments } from './set-assignments';

/** One set: title, description, how many questions each student gets, actions, where it was given. */
export function SetCard({
  set,
  given,
  onEdit,
  onDelete,
  onAssign,
}: {
  set: ExerciseSet;
  given: ReturnType<typeof useTeachingAssignments>;
  onEdit: () => void;
  onDelete: () => void;
  onAssign: () => void;
}) {
  const { t } = useTranslation('sets');
  const picked = set.entries.filter((e) => 'item_id' in e);
  // An item deleted from the collection stays in the list's entries but is no longer given.
  const gone = picked.filter((e) => e.stem === null).length;
  const chosen = picked.length - gone;
  const draws = set.entries.length - picked.length;
  const headingId = `set-${set.id}`;
  return (
    <li
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-card p-4 sm:p-5"
      aria-labelledby={headingId}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <h3 id={headingId} className="text-lg leading-tight font-semibold [overflow-wrap:anywhere]">
          {set.title}
        </h3>
        {set.description ? (
          <p className="line-clamp-3 text-sm whitespace-pre-line text-zinc-300 [overflow-wrap:anywhere]">
            {set.description}
          </p>
        ) : null}
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-zinc-300 tabular-nums">
          <span className="font-semibold text-foreground">{t('size', { count: set.size })}</span>
          {chosen > 0 ? <span>{t('card.chosen', { count: chosen })}</span> : null}
          {draws > 0 ? <span>{t('card.draws', { count: draws })}</span> : null}
          {gone > 0 ? (
            <span className="text-amber-200">{t('card.gone', { count: gone })}</span>
          ) : null}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          onClick={onAssign}
          aria-label={t('card.assignNamed', { title: set.title })}
        >
          <Send aria-hidden />
          {t('card.assign')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={onEdit}
          aria-label={t('card.editNamed', { title: set.title })}
        >
          <Pencil aria-hidden />
          {t('card.edit')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={onDelete}
          aria-label={t('card.deleteNamed', { title: set.title })}
        >
          <Trash2 aria-hidden />
          {t('card.delete')}
        </Button>
      </div>
      <SetAssignments setId={set.id} setTitle={set.title} given={given} />
    </li>
  );
}
