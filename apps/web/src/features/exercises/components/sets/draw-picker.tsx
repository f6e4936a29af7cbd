import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Shuffle } from 'lucide-react';
import { DRAW_COUNT_MAX } from '@aprenda/shared/schemas/exercises';
import { SkillField } from '@/components/skills/skill-field';
import { Button } from '@/components/ui/button';
import { Field, fieldAria } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { drawCount } from '../../lib/sets-form';

/** "Sorteio": N questions per student drawn from a skill's pool (chosen by code or name). */
export function DrawPicker({ onAdd }: { onAdd: (skillId: string, count: number) => void }) {
  const { t } = useTranslation('sets');
  const id = useId();
  const [skillId, setSkillId] = useState<string | null>(null);
  const [count, setCount] = useState('3');
  const [error, setError] = useState<{ skill?: string; count?: string }>({});

  function add() {
    const n = drawCount(count);
    const next = {
      skill: skillId ? undefined : t('draw.skillRequired'),
      count: n === null ? t('draw.countInvalid', { max: DRAW_COUNT_MAX }) : undefined,
    };
    setError(next);
    if (!skillId || n === null) return;
    onAdd(skillId, n);
    setSkillId(null);
  }

  return (
    <section
      className="flex min-w-0 flex-col gap-3 rounded-md border border-border p-3"
      aria-labelledby={`${id}-heading`}
    >
      <div className="flex flex-col gap-1">
        <h3 id={`${id}-heading`} className="text-sm font-semibold">
          {t('draw.title')}
        </h3>
        <p className="text-xs text-zinc-400">{t('draw.lead')}</p>
      </div>
      <SkillField
        value={skillId}
        onChange={(value) => {
          setSkillId(value);
          setError((e) => ({ ...e, skill: undefined }));
        }}
        label={t('draw.skill')}
        hint={t('draw.skillHint')}
      />
      {error.skill ? <p className="text-sm text-destructive">{error.skill}</p> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="sm:w-40">
          <Field id={`${id}-count`} label={t('draw.count')} error={error.count}>
            <Input
              {...fieldAria(`${id}-count`, error.count)}
              inputMode="numeric"
              value={count}
              onChange={(e) => {
                setCount(e.target.value);
                setError((x) => ({ ...x, count: undefined }));
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
            />
          </Field>
        </div>
        <Button type="button" variant="outline" onClick={add}>
          <Shuffle aria-hidden />
          {t('draw.add')}
        </Button>
      </div>
    </section>
  );
}
