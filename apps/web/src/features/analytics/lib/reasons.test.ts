import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { AttentionReason } from '@aprenda/shared/schemas/metrics';
import { createI18n } from '@/lib/i18n';
import { reasonKey, reasonText } from './reasons';

let pt: TFunction;
let en: TFunction;

beforeAll(async () => {
  const i18n = createI18n();
  await i18n.changeLanguage('pt-BR');
  await i18n.loadNamespaces('analytics');
  pt = i18n.getFixedT('pt-BR');
  en = i18n.getFixedT('en');
});

describe('reasonText', () => {
  const cases: [AttentionReason, string, string][] = [
    [{ kind: 'inactive', days: 9 }, 'Sem atividade há 9 dias', 'No activity for 9 days'],
    [{ kind: 'inactive', days: 1 }, 'Sem atividade há 1 dia', 'No activity for 1 day'],
    [
      { kind: 'inactive', days: null },
      'Ainda não estudou no Aprenda',
      'Has not studied on Aprenda yet',
    ],
    [
      { kind: 'falling', skill_id: 's1', skill_name: 'Frações', from: 1.2, to: 0.4 },
      'Habilidade em queda: Frações (1,2 → 0,4)',
      'Falling skill: Frações (1.2 → 0.4)',
    ],
    [
      { kind: 'falling', skill_id: 's1', skill_name: 'Frações', from: 0.25, to: -0.75 },
      'Habilidade em queda: Frações (0,3 → -0,8)',
      'Falling skill: Frações (0.3 → -0.8)',
    ],
    [
      { kind: 'missed', count: 2, titles: ['Lista 1', 'Lista 2'] },
      '2 listas perdidas: Lista 1 e Lista 2',
      '2 missed assignments: Lista 1 and Lista 2',
    ],
    [
      { kind: 'missed', count: 3, titles: ['A', 'B', 'C'] },
      '3 listas perdidas: A, B e C',
      '3 missed assignments: A, B, and C',
    ],
    [{ kind: 'late', count: 1, titles: [] }, '1 entrega atrasada', '1 late submission'],
    [
      { kind: 'late', count: 1, titles: ['Lista 3'] },
      '1 entrega atrasada: Lista 3',
      '1 late submission: Lista 3',
    ],
    [
      { kind: 'stuck', skill_id: 's2', skill_name: 'Equações', wrong_in_a_row: 4 },
      'Travou em Equações: 4 erros seguidos',
      'Stuck on Equações: 4 wrong answers in a row',
    ],
  ];

  it.each(cases)('%o', (reason, ptText, enText) => {
    expect(reasonText(pt, reason, 'pt-BR')).toBe(ptText);
    expect(reasonText(en, reason, 'en')).toBe(enText);
  });

  it('keys reasons apart by kind and skill', () => {
    const a = reasonKey({ kind: 'stuck', skill_id: 'x', skill_name: 'X', wrong_in_a_row: 3 });
    const b = reasonKey({ kind: 'stuck', skill_id: 'y', skill_name: 'Y', wrong_in_a_row: 3 });
    expect(a).not.toBe(b);
    expect(reasonKey({ kind: 'inactive', days: 3 })).toBe('inactive');
  });
});
