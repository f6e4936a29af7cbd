import { useTranslation } from 'react-i18next';
import { EllipsisVertical, FlaskConical, Pencil, Trash2 } from 'lucide-react';
import type { ItemDetail } from '@aprenda/shared/schemas/exercises';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useSkill } from '@/lib/skills';
import { difficultyLevel, kindKey, stemSummary } from '../../lib/item-text';
import { plainChoiceText } from '../../lib/answer';
import { StemLine } from './stem-line';

/** One item of the bank: its stem's first line, kind, skill, template, visibility, difficulty. */
export function ItemRow({
  item,
  onEdit,
  onTry,
  onDelete,
}: {
  item: ItemDetail;
  onEdit: () => void;
  onTry: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation('exercises');
  const skill = useSkill(item.skill_id);
  const summary = stemSummary(item.stem) || t('list.noStem');
  const level = difficultyLevel(item.difficulty, item.answer_count);
  const count = new Intl.NumberFormat(i18n.language).format(item.answer_count);
  return (
    <li className="flex min-w-0 items-start gap-3 p-3 sm:p-4">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="min-w-0 font-medium [overflow-wrap:anywhere]">
          <StemLine text={summary} />
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge>{t(kindKey(item.kind))}</Badge>
          {item.template ? (
            <Badge className="border-sky-400/40 bg-sky-400/10 text-sky-200">
              {t('list.template')}
            </Badge>
          ) : null}
          {item.public ? (
            <Badge className="border-emerald-400/40 bg-emerald-400/10 text-emerald-200">
              {t('list.public')}
            </Badge>
          ) : null}
          {item.skill_id ? (
            <span className="text-xs text-zinc-300 [overflow-wrap:anywhere]">
              {skill.data ? (skill.data.code ?? skill.data.name) : '…'}
            </span>
          ) : null}
          <span className="text-xs text-zinc-300">
            {level
              ? t('list.difficulty', {
                  level: t(`list.levels.${level}`),
                  count: item.answer_count,
                  n: count,
                })
              : t('list.noAnswers')}
          </span>
        </div>
      </div>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('list.actions', { stem: plainChoiceText(stemSummary(item.stem, 40)) })}
          >
            <EllipsisVertical aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={onEdit}>
            <Pencil aria-hidden />
            {t('list.edit')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onTry}>
            <FlaskConical aria-hidden />
            {t('list.try')}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem className="text-destructive" onSelect={onDelete}>
            <Trash2 aria-hidden />
            {t('list.delete')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </li>
  );
}
