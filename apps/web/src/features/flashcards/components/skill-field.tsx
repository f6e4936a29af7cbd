import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import type { Skill } from '@aprenda/shared/schemas/skills';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/errors';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSkill, useSkillSearch } from '../api/skills';

const SEARCH_DEBOUNCE_MS = 250;

export function skillLabel(skill: Pick<Skill, 'code' | 'name'>): string {
  return skill.code ? `${skill.code} · ${skill.name}` : skill.name;
}

/**
 * "Habilidade (opcional)" of a card: the chosen skill with a way to remove it, or a search of the
 * catalogue (BNCC codes and names, accent-blind) whose first matches are buttons to choose from.
 * The same skills are used by exercises, so metrics can group by them.
 */
export function SkillField({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (skillId: string | null) => void;
}) {
  const { t } = useTranslation(['flashcards', 'errors']);
  const id = useId();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const chosen = useSkill(value);
  const results = useSkillSearch(q, value === null && q.length > 0);

  if (value !== null) {
    return (
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium" id={`${id}-label`}>
          {t('editor.skill')}
        </span>
        <div
          className="flex min-w-0 items-center gap-2 rounded-md border border-border px-3 py-2"
          aria-labelledby={`${id}-label`}
          role="group"
        >
          <span className="min-w-0 flex-1 text-sm break-words">
            {chosen.data
              ? skillLabel(chosen.data)
              : chosen.isError
                ? t('editor.skillUnknown')
                : t('editor.skillLoading')}
          </span>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => onChange(null)}
            aria-label={t('editor.skillRemove')}
          >
            <X aria-hidden />
          </Button>
        </div>
      </div>
    );
  }

  const items = results.data?.items ?? [];
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${id}-search`}>{t('editor.skill')}</Label>
      <Input
        id={`${id}-search`}
        type="search"
        value={search}
        autoComplete="off"
        placeholder={t('editor.skillPlaceholder')}
        aria-describedby={`${id}-hint`}
        onChange={(e) => setSearch(e.target.value)}
        onKeyDown={(e) => {
          // Enter picks the first match instead of submitting the card.
          if (e.key === 'Enter') {
            e.preventDefault();
            if (items[0]) onChange(items[0].id);
          }
        }}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t('editor.skillHint')}
      </p>
      {q.length > 0 ? (
        <div aria-live="polite">
          {results.isError ? (
            <p className="text-sm text-destructive">{errorMessage(t, results.error)}</p>
          ) : results.isSuccess && items.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('editor.skillNone', { q })}</p>
          ) : (
            <ul className="flex flex-col gap-1" aria-label={t('editor.skillResults')}>
              {items.map((skill) => (
                <li key={skill.id}>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="h-auto w-full justify-start py-1.5 text-left whitespace-normal break-words"
                    onClick={() => {
                      onChange(skill.id);
                      setSearch('');
                    }}
                  >
                    {skillLabel(skill)}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
