import { beforeAll, describe, expect, it } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import type { ActivityDay, StudentMetrics } from '@aprenda/shared/schemas/metrics';
import { heatmapLevels } from '@/components/charts';
import { formatDayShort, formatDuration, formatInstant } from '@/lib/intl-format';
import ptMetrics from '@/locales/pt-BR/metrics.json';
import enMetrics from '@/locales/en/metrics.json';
import {
  accuracySummary,
  accuracyTable,
  activitySummary,
  activityTable,
  bestDay,
  fillHeatmap,
  forecastSummary,
  hasAnyActivity,
  heatmapSummary,
  heatmapTable,
  knowledgeWording,
  retentionCell,
  streakWording,
  studyTimeSummary,
} from './metrics-view';

let pt: TFunction;
let en: TFunction;

beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'pt-BR',
    fallbackLng: false,
    ns: ['metrics'],
    defaultNS: 'metrics',
    resources: { 'pt-BR': { metrics: ptMetrics }, en: { metrics: enMetrics } },
    interpolation: { escapeValue: false },
  });
  pt = instance.getFixedT('pt-BR', 'metrics');
  en = instance.getFixedT('en', 'metrics');
});

function day(d: string, over: Partial<ActivityDay> = {}): ActivityDay {
  return {
    day: d,
    reviews: 0,
    answers: 0,
    answers_correct: 0,
    study_ms: 0,
    meaningful: false,
    ...over,
  };
}

const emptyCell = { reviews: 0, passed: 0, rate: null };
const emptyRow = { day: emptyCell, week: emptyCell, month: emptyCell };

/** Three days: 5 reviews; 30 reviews + 10 answers (8 right, 45 min); nothing. */
function sample(): StudentMetrics {
  const days = [
    day('2026-11-11', { reviews: 5, study_ms: 300_000 }),
    day('2026-11-12', {
      reviews: 30,
      answers: 10,
      answers_correct: 8,
      study_ms: 2_700_000,
      meaningful: true,
    }),
    day('2026-11-13'),
  ];
  return {
    tz: 'America/Sao_Paulo',
    today: '2026-11-13',
    range: '7d',
    days,
    heatmap: days.map((d) => ({ day: d.day, count: d.reviews + d.answers })),
    streak: { current: 0, longest: 1, today_counts: false, today_actions: 0 },
    totals: {
      reviews: 35,
      reviews_passed: 30,
      answers: 10,
      answers_correct: 8,
      accuracy: 0.8,
      study_ms: 3_000_000,
      active_days: 2,
    },
    retention: { young: emptyRow, mature: emptyRow, all: emptyRow, desired: 0.9 },
    forecast: [
      { day: '2026-11-13', due: 4 },
      { day: '2026-11-14', due: 0 },
      { day: '2026-11-15', due: 9 },
    ],
    knowledge: { cards: 20, expected: 12.4 },
    skills: [],
  };
}

describe('bestDay', () => {
  it('picks the first of the largest, and nothing when every day is zero', () => {
    const days = [
      { day: 'a', v: 2 },
      { day: 'b', v: 7 },
      { day: 'c', v: 7 },
    ];
    expect(bestDay(days, (d) => d.v)).toEqual({ day: 'b', value: 7 });
    expect(bestDay([{ day: 'a', v: 0 }], (d) => d.v)).toBeNull();
  });
});

describe('summaries (one sentence per chart)', () => {
  it('reviews and answers: totals, the range and the best day (35 + 10; 12/11 with 30 + 10)', () => {
    expect(activitySummary(sample(), pt, 'pt-BR')).toBe(
      'Você revisou 35 cartões e respondeu 10 itens em 3 dias; o melhor dia foi 12/11, com 40.',
    );
    expect(activitySummary(sample(), en, 'en')).toBe(
      'You reviewed 35 cards and answered 10 items in 3 days; your best day was 11/12, with 40.',
    );
  });

  it('leaves out the half with nothing (reviews only, answers only)', () => {
    const m = sample();
    m.totals = { ...m.totals, answers: 0 };
    expect(activitySummary(m, pt, 'pt-BR')).toBe(
      'Você revisou 35 cartões em 3 dias; o melhor dia foi 12/11, com 40.',
    );
    m.totals = { ...m.totals, answers: 10, reviews: 0 };
    expect(activitySummary(m, en, 'en')).toBe(
      'You answered 10 items in 3 days; your best day was 11/12, with 40.',
    );
  });

  it('says so when the range has nothing (no invented best day)', () => {
    const m = sample();
    m.days = m.days.map((d) => day(d.day));
    m.totals = {
      ...m.totals,
      reviews: 0,
      answers: 0,
      answers_correct: 0,
      accuracy: null,
      study_ms: 0,
    };
    expect(activitySummary(m, pt, 'pt-BR')).toBe('Nenhuma revisão ou resposta nos últimos 3 dias.');
    expect(accuracySummary(m, en, 'en')).toBe('No exercises answered in the last 3 days.');
    expect(studyTimeSummary(m, pt, 'pt-BR')).toBe('Nenhum tempo de estudo nos últimos 3 dias.');
  });

  it('study time: 5 + 45 = 50 min over 2 of 3 days, the longest 45 min', () => {
    expect(studyTimeSummary(sample(), pt, 'pt-BR')).toBe(
      'Você estudou 50 min em 3 dias, com estudo em 2 dias; o dia mais longo foi 12/11, com 45 min.',
    );
  });

  it('accuracy: 8 of 10 = 80%', () => {
    expect(accuracySummary(sample(), pt, 'pt-BR')).toBe(
      'Você acertou 8 de 10 respostas (80%) em 3 dias.',
    );
    expect(accuracySummary(sample(), en, 'en')).toBe(
      'You got 8 of 10 answers right (80%) in 3 days.',
    );
  });

  it('heatmap: 2 active days of 3, the busiest 12 Nov with 40', () => {
    expect(heatmapSummary(sample().heatmap, en, 'en')).toBe(
      'You studied on 2 of the last 3 days; your most active day was Nov 12, 2026, with 40 reviews and answers.',
    );
  });

  it('forecast: 4 + 0 + 9 = 13 cards, today 4, busiest 15/11 with 9', () => {
    expect(forecastSummary(sample().forecast, pt, 'pt-BR')).toBe(
      'Nos próximos 3 dias vencem 13 cartões; hoje são 4 (com os atrasados), e o dia mais cheio é 15/11, com 9.',
    );
  });
});

describe('the year', () => {
  it('fills the server’s sparse days into every day of the span, oldest first, across months', () => {
    const year = fillHeatmap(
      [
        { day: '2026-02-27', count: 4 },
        { day: '2026-03-01', count: 9 },
      ],
      '2026-03-02',
      5,
    );
    // 2026 is not a leap year: 26, 27, 28 Feb, 1, 2 Mar.
    expect(year).toEqual([
      { day: '2026-02-26', count: 0 },
      { day: '2026-02-27', count: 4 },
      { day: '2026-02-28', count: 0 },
      { day: '2026-03-01', count: 9 },
      { day: '2026-03-02', count: 0 },
    ]);
    expect(fillHeatmap([], '2026-11-13')).toHaveLength(365);
    expect(
      heatmapSummary(fillHeatmap([{ day: '2026-11-12', count: 40 }], '2026-11-13'), pt, 'pt-BR'),
    ).toBe(
      'Você estudou em 1 dos últimos 365 dias; o dia mais ativo foi 12 de nov. de 2026, com 40 revisões e respostas.',
    );
  });
});

describe('tables', () => {
  it('activity: newest day first, every day of the range, with its streak flag', () => {
    const table = activityTable(sample().days, pt, 'pt-BR');
    expect(table.columns.map((c) => c.label)).toEqual([
      'Dia',
      'Revisões',
      'Respostas',
      'Corretas',
      'Conta para a sequência',
    ]);
    expect(table.rows.map((r) => r.key)).toEqual(['2026-11-13', '2026-11-12', '2026-11-11']);
    expect(table.rows[1]!.cells.slice(1)).toEqual(['30', '10', '8', 'Sim']);
  });

  it('accuracy: only the days with answers (a day without is not 0%)', () => {
    const table = accuracyTable(sample().days, pt, 'pt-BR');
    expect(table.rows).toHaveLength(1);
    expect(table.rows[0]!.cells.slice(1)).toEqual(['10', '8', '80%']);
  });

  it('heatmap: one row per month, newest first, with active days, total and best day', () => {
    const heatmap = [
      { day: '2026-10-30', count: 3 },
      { day: '2026-10-31', count: 0 },
      { day: '2026-11-01', count: 12 },
      { day: '2026-11-02', count: 1 },
    ];
    const table = heatmapTable(heatmap, pt, 'pt-BR');
    expect(table.rows.map((r) => r.cells)).toEqual([
      ['novembro de 2026', '2', '13', '01/11 (12)'],
      ['outubro de 2026', '1', '3', '30/10 (3)'],
    ]);
  });
});

describe('heatmap levels', () => {
  it('0 without activity, then quartiles of the active days', () => {
    const levels = heatmapLevels(
      [0, 1, 2, 3, 4, 8].map((count, i) => ({ day: `2026-01-0${i + 1}`, count })),
    ).map((d) => d.level);
    // Active counts 1,2,3,4,8: q1 = 2, q2 = 3, q3 = 4.
    expect(levels).toEqual([0, 1, 1, 2, 3, 4]);
  });
});

describe('streak, retention and knowledge in words', () => {
  it('what today still needs toward 10, the record, and "today counts"', () => {
    const streak = { current: 3, longest: 12, today_counts: false, today_actions: 4 };
    expect(streakWording(streak, pt, 'pt-BR')).toEqual({
      current: '3 dias seguidos',
      today: 'Hoje: 4 de 10. Faltam 6 revisões ou respostas (ou zere os cartões do dia).',
      longest: 'Recorde: 12 dias',
    });
    expect(streakWording({ ...streak, today_actions: 9 }, pt, 'pt-BR').today).toBe(
      'Hoje: 9 de 10. Falta 1 revisão ou resposta (ou zere os cartões do dia).',
    );
    expect(
      streakWording({ current: 1, longest: 1, today_counts: true, today_actions: 10 }, en, 'en'),
    ).toEqual({
      current: '1 day in a row',
      today: 'Today already counts for the streak.',
      longest: 'Record: 1 day',
    });
    expect(streakWording({ ...streak, current: 0 }, pt, 'pt-BR').current).toBe(
      'Nenhum dia seguido',
    );
  });

  it('retention: 7 of 8 = 87.5%; no review is a dash, not 0%', () => {
    expect(retentionCell({ reviews: 8, passed: 7, rate: 0.875 }, pt, 'pt-BR')).toBe(
      '87,5% (7 de 8)',
    );
    expect(retentionCell({ reviews: 8, passed: 7, rate: 0.875 }, en, 'en')).toBe('87.5% (7 of 8)');
    expect(retentionCell(emptyCell, pt, 'pt-BR')).toBe('—');
  });

  it('knowledge: 12.4 of 20 cards ≈ 12 (62%)', () => {
    expect(knowledgeWording({ cards: 20, expected: 12.4 }, pt, 'pt-BR')).toBe(
      'Agora você deve lembrar de cerca de 12 dos 20 cartões estudados (62%).',
    );
    expect(knowledgeWording({ cards: 0, expected: 0 }, en, 'en')).toBe('No studied cards yet.');
  });

  it('a new account has nothing to show; one review is enough', () => {
    const m = sample();
    expect(hasAnyActivity(m)).toBe(true);
    const fresh: StudentMetrics = {
      ...m,
      heatmap: m.heatmap.map((d) => ({ ...d, count: 0 })),
      knowledge: { cards: 0, expected: 0 },
      forecast: m.forecast.map((d) => ({ ...d, due: 0 })),
      skills: [],
    };
    expect(hasAnyActivity(fresh)).toBe(false);
  });
});

describe('dates, numbers and durations through Intl', () => {
  it('a study day keeps its date whatever the time zone of the machine', () => {
    expect(formatDayShort('2026-11-12', 'pt-BR')).toBe('12/11');
    expect(formatDayShort('2026-11-12', 'en')).toBe('11/12');
  });

  it('an instant is shown in the student’s time zone (02:30 UTC is 23:30 the day before in São Paulo)', () => {
    const saoPaulo = formatInstant('2026-11-12T02:30:00Z', 'pt-BR', 'America/Sao_Paulo');
    expect(saoPaulo).toContain('11');
    expect(saoPaulo).toContain('23:30');
    const tokyo = formatInstant('2026-11-12T02:30:00Z', 'en', 'Asia/Tokyo');
    expect(tokyo).toContain('12');
    expect(tokyo).toContain('11:30');
  });

  it('an instant’s hour as each language writes a short time: "6:00 PM", "09:05"', () => {
    expect(formatInstant('2026-12-05T21:00:00Z', 'en', 'America/Sao_Paulo')).toBe('Dec 5, 6:00 PM');
    expect(formatInstant('2026-12-05T12:05:00Z', 'pt-BR', 'America/Sao_Paulo')).toBe(
      '5 de dez., 09:05',
    );
  });

  it('durations: seconds, minutes, hours and minutes', () => {
    expect(formatDuration(0, 'pt-BR')).toBe('0 min');
    expect(formatDuration(45_000, 'pt-BR')).toBe('45 s');
    expect(formatDuration(12 * 60_000, 'en')).toBe('12 min');
    expect(formatDuration(65 * 60_000, 'pt-BR')).toBe('1 h 5 min');
    expect(formatDuration(120 * 60_000, 'en')).toBe('2 hr');
  });
});
