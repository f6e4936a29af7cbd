import type { TFunction } from 'i18next';
import type { AttentionReason } from '@aprenda/shared/schemas/metrics';
import { formatAbility } from './format';

/**
 * Why a student needs attention, in one sentence each ("Sem atividade há 9 dias", "Habilidade em
 * queda: Frações (1,2 → 0,4)", "2 listas perdidas: A e B", "Travou em Equações: 4 erros
 * seguidos"). Keys in the `analytics` namespace, `reasons.*`.
 */
export function reasonText(t: TFunction, reason: AttentionReason, lang: string): string {
  const list = (titles: string[]) =>
    new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' }).format(titles);
  switch (reason.kind) {
    case 'inactive':
      return reason.days === null
        ? t('analytics:reasons.never')
        : t('analytics:reasons.inactive', { count: reason.days });
    case 'falling':
      return t('analytics:reasons.falling', {
        skill: reason.skill_name,
        from: formatAbility(reason.from, lang),
        to: formatAbility(reason.to, lang),
      });
    case 'missed':
      return reason.titles.length > 0
        ? t('analytics:reasons.missed', { count: reason.count, titles: list(reason.titles) })
        : t('analytics:reasons.missedBare', { count: reason.count });
    case 'late':
      return reason.titles.length > 0
        ? t('analytics:reasons.late', { count: reason.count, titles: list(reason.titles) })
        : t('analytics:reasons.lateBare', { count: reason.count });
    case 'stuck':
      return t('analytics:reasons.stuck', {
        skill: reason.skill_name,
        count: reason.wrong_in_a_row,
      });
  }
}

/** A stable key for a reason in a list. */
export function reasonKey(reason: AttentionReason): string {
  return 'skill_id' in reason ? `${reason.kind}:${reason.skill_id}` : reason.kind;
}
