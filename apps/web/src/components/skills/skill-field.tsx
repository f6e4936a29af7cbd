import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/errors';
import { skillLabel, useSkill, useSkillSearch } from '@/lib/skills';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const SEARCH_DEBOUNCE_MS = 250;

/**
 * "Habilidade (opcional)": the chosen skill with a way to remove it, or a search of the catalogue
 * (BNCC codes and names, accent-blind) whose first matches are buttons to choose from. Flashcards
 * and exercises link to the same skills, so metrics can group by them. `label` and `hint` reword
 * the field for a screen (a filter, a card); the rest of its texts are in `common:skills`.
 */
export function SkillField({
  value,
  onChange,
  label,
  hint,
}: {
  value: string | null;
  onChange: (skillId: string | null) => void;
  label?: string;
  hint?: string;
}) {
  const { t } = useTranslation(['common', 'errors']);
  const fieldLabel = label ?? t('common:skills.label');
  const fieldHint = hint ?? t('common:skills.hint');
  const id = useId();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const chosen = useSkill(value);
  const results = useSkillSearch(q, value === null && q.length > 0);

  if (value !== null) {
    return (
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium" id={`${id}-label`}>
          {fieldLabel}
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
                ? t('common:skills.unknown')
                : t('common:skills.loading')}
          </span>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => onChange(null)}
            aria-label={t('common:skills.remove')}
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
      <Label htmlFor={`${id}-search`}>{fieldLabel}</Label>
      <Input
        id={`${id}-search`}
        type="search"
        value={search}
        autoComplete="off"
        placeholder={t('common:skills.placeholder')}
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
        {fieldHint}
      </p>
      {q.length > 0 ? (
        <div aria-live="polite">
          {results.isError ? (
            <p className="text-sm text-destructive">{errorMessage(t, results.error)}</p>
          ) : results.isSuccess && items.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('common:skills.none', { q })}</p>
          ) : (
            <ul className="flex flex-col gap-1" aria-label={t('common:skills.results')}>
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
