import { beforeAll, describe, expect, it } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import { STREAK_MIN_ACTIONS as SHARED_MIN } from '@aprenda/shared/schemas/metrics';
import ptToday from '@/locales/pt-BR/today.json';
import enToday from '@/locales/en/today.json';
import { STREAK_MIN_ACTIONS, reasonText, streakLines, todayPaths } from './today';

let pt: TFunction;
let en: TFunction;

beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'pt-BR',
    fallbackLng: false,
    ns: ['today'],
    defaultNS: 'today',
    resources: { 'pt-BR': { today: ptToday }, en: { today: enToday } },
    interpolation: { escapeValue: false },
  });
  pt = instance.getFixedT('pt-BR', 'today');
  en = instance.getFixedT('en', 'today');
});

describe('"Hoje" wording', () => {
  it('repeats the shared streak threshold exactly', () => {
    expect(STREAK_MIN_ACTIONS).toBe(SHARED_MIN);
  });

  it('says why a student needs attention, in words, in both languages', () => {
    expect(reasonText({ kind: 'inactive', days: null }, pt, 'pt-BR')).toBe(
      'Ainda não estudou no Aprenda',
    );
    expect(reasonText({ kind: 'inactive', days: 1 }, pt, 'pt-BR')).toBe('Sem atividade há 1 dia');
    expect(reasonText({ kind: 'inactive', days: 12 }, en, 'en')).toBe('No activity for 12 days');
    expect(
      reasonText(
        { kind: 'falling', skill_id: 's', skill_name: 'Frações', from: 1.2, to: 0.4 },
        pt,
        'pt-BR',
      ),
    ).toBe('Desempenho em queda em Frações');
    expect(reasonText({ kind: 'missed', count: 3, titles: ['L1', 'L2', 'L3'] }, pt, 'pt-BR')).toBe(
      '3 atividades não entregues: L1, L2 e L3',
    );
    expect(reasonText({ kind: 'late', count: 1, titles: ['Prova'] }, en, 'en')).toBe(
      '1 assignment submitted late: Prova',
    );
    expect(
      reasonText(
        { kind: 'stuck', skill_id: 's', skill_name: 'Potências', wrong_in_a_row: 4 },
        en,
        'en',
      ),
    ).toBe('4 wrong answers in a row in Potências');
  });

  it('the streak: the count and what today still needs toward 10', () => {
    expect(
      streakLines({ current: 2, longest: 5, today_counts: false, today_actions: 3 }, pt, 'pt-BR'),
    ).toEqual(['2 dias seguidos', 'Hoje: 3 de 10. Faltam 7 revisões ou respostas.']);
    expect(
      streakLines({ current: 1, longest: 1, today_counts: true, today_actions: 12 }, en, 'en'),
    ).toEqual(['1 day in a row', 'Today already counts for the streak.']);
  });

  it('the streak with nothing left for today says no "Falta 0" (0 is "one" in pt-BR)', () => {
    const done = { current: 3, longest: 3, today_counts: false, today_actions: STREAK_MIN_ACTIONS };
    expect(streakLines(done, pt, 'pt-BR')[1]).toBe('Hoje: 10 de 10.');
    expect(streakLines(done, en, 'en')[1]).toBe('Today: 10 of 10.');
  });

  it('links each item where it is done', () => {
    expect(todayPaths.study('d 1')).toBe('/dashboard/flashcard/d%201/estudar');
    expect(todayPaths.assignment('a1')).toBe('/dashboard/exercises/atividade/a1');
    expect(todayPaths.practice('bncc-ef07ma18')).toBe(
      '/dashboard/adaptive?habilidade=bncc-ef07ma18',
    );
    expect(todayPaths.conversation('c1')).toBe('/dashboard/chat/c1');
    expect(todayPaths.classAnalytics('k1')).toBe('/dashboard/analytics/k1');
    expect(todayPaths.newClass()).toBe('/dashboard/teacher?nova=1');
  });
});
