import { useTranslation } from 'react-i18next';
import { SkillField as SharedSkillField } from '@/components/skills/skill-field';

export { skillLabel } from '@/lib/skills';

/**
 * "Habilidade (opcional)" of a card: the shared skill picker (components/skills) with the card's
 * own label and hint. The same skills are used by exercises, so metrics can group by them.
 */
export function SkillField({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (skillId: string | null) => void;
}) {
  const { t } = useTranslation('flashcards');
  return (
    <SharedSkillField
      value={value}
      onChange={onChange}
      label={t('editor.skill')}
      hint={t('editor.skillHint')}
    />
  );
}
