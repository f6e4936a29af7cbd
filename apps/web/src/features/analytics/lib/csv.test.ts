import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { ClassAnalytics } from '@aprenda/shared/schemas/metrics';
import { createI18n } from '@/lib/i18n';
import {
  activityCsv,
  scoresCsv,
  assignmentsCsv,
  attentionCsv,
  csvText,
  decksCsv,
  masteryCsv,
  pct,
} from './csv';

let t: TFunction;

beforeAll(async () => {
  const i18n = createI18n();
  await i18n.changeLanguage('pt-BR');
  t = i18n.getFixedT('pt-BR');
});

describe('csvText', () => {
  it('writes RFC 4180 with a BOM and CRLF, quoting where needed', () => {
    expect(
      csvText([
        ['a', 'b, c'],
        ['"x"', 'linha\nnova'],
      ]),
    ).toBe('\uFEFFa,"b, c"\r\n"""x""","linha\nnova"\r\n');
  });

  it('guards text that a spreadsheet would run as a formula, not numbers', () => {
    expect(csvText([['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', -0.5, 3, null]])).toBe(
      `\uFEFF"'=HYPERLINK(""x"")",'+1,'-2,'@SUM(A1),-0.5,3,\r\n`,
    );
  });

  it('leaves non-finite numbers empty', () => {
    expect(csvText([[Number.NaN, Number.POSITIVE_INFINITY]])).toBe('\uFEFF,\r\n');
  });
});

describe('pct', () => {
  it('turns shares into percentages with one decimal', () => {
    expect(pct(2 / 3)).toBe(66.7);
    expect(pct(1)).toBe(100);
    expect(pct(0)).toBe(0);
    expect(pct(null)).toBeNull();
  });
});

const data: ClassAnalytics = {
  class: { id: 'c1', name: '7A' },
  generated_at: '2026-11-24T15:00:00.000Z',
  inactive_days: 7,
  students: [
    {
      user_id: 'u1',
      name: '=cmd',
      last_active: '2026-11-20',
      active_days: 3,
      reviews: 12,
      answers: 3,
      answers_correct: 2,
      study_ms: 5_430_000,
      conversations: 1,
      assignments_submitted: 1,
      assignments_open: 2,
      mean_score: 0.875,
    },
    {
      user_id: 'u2',
      name: 'Bia',
      last_active: null,
      active_days: 0,
      reviews: 0,
      answers: 0,
      answers_correct: 0,
      study_ms: 0,
      conversations: 0,
      assignments_submitted: 0,
      assignments_open: 2,
      mean_score: null,
    },
  ],
  assignments: [
    {
      id: 'a1',
      title: 'Lista 1',
      open_at: '2026-11-01T12:00:00.000Z',
      due_at: '2026-11-10T12:00:00.000Z',
      students: 2,
      submitted: 1,
      late: 1,
      mean_score: 0.875,
    },
  ],
  skills: [
    { skill_id: 's1', code: 'EF07', name: 'Frações' },
    { skill_id: 's2', code: null, name: 'Equações' },
  ],
  mastery: [
    { user_id: 'u1', skill_id: 's1', level: 'familiar', ability: 0.3, answer_count: 3 },
    { user_id: 'u2', skill_id: 's2', level: null, ability: 0, answer_count: 1 },
  ],
  missed_skills: [],
  attention: [
    {
      user_id: 'u2',
      name: 'Bia',
      reasons: [
        { kind: 'inactive', days: null },
        { kind: 'missed', count: 1, titles: ['Lista 1'] },
      ],
    },
  ],
  decks: [
    {
      deck_id: 'd1',
      title: 'Verbos',
      cards: 20,
      next_event: {
        id: 'e1',
        title: 'Aula',
        starts_at: '2026-11-26T13:00:00.000Z',
        all_day: false,
      },
      expected_recall: 0.7234,
    },
    { deck_id: 'd2', title: 'Sem aula', cards: 5, next_event: null, expected_recall: null },
  ],
};

describe('table rows', () => {
  it('activity: one row per student, figures by hand', () => {
    const rows = activityCsv(t, data.students);
    expect(rows[0]?.[0]).toBe('Estudante');
    expect(rows[0]).toHaveLength(12);
    // 2 of 3 correct → 66.7 %; 5 430 000 ms = 90.5 min; mean 0.875 → 87.5 %.
    expect(rows[1]).toEqual(['=cmd', '2026-11-20', 3, 12, 3, 2, 66.7, 90.5, 1, 1, 2, 87.5]);
    expect(rows[2]).toEqual(['Bia', null, 0, 0, 0, 0, null, 0, 0, 0, 2, null]);
    // The formula-like name is guarded in the file.
    expect(csvText(rows).split('\r\n')[1]).toBe("'=cmd,2026-11-20,3,12,3,2,66.7,90.5,1,1,2,87.5");
  });

  it('attention: one row per reason, in words', () => {
    expect(attentionCsv(t, data.attention, 'pt-BR')).toEqual([
      ['Estudante', 'Motivo'],
      ['Bia', 'Ainda não estudou no Aprenda'],
      ['Bia', '1 lista perdida: Lista 1'],
    ]);
  });

  it('assignments', () => {
    expect(assignmentsCsv(t, data.assignments)[1]).toEqual([
      'Lista 1',
      '2026-11-01T12:00:00.000Z',
      '2026-11-10T12:00:00.000Z',
      2,
      1,
      1,
      87.5,
    ]);
  });

  it('mastery: the level word in each cell, empty without answers', () => {
    expect(masteryCsv(t, data)).toEqual([
      ['Estudante', 'EF07 Frações', 'Equações'],
      ['=cmd', 'Familiar', null],
      ['Bia', null, 'Sem nível ainda'],
    ]);
  });

  it('decks: expected recall as a percentage, empty with no next event', () => {
    expect(decksCsv(t, data.decks).slice(1)).toEqual([
      ['Verbos', 20, 'Aula', '2026-11-26T13:00:00.000Z', 72.3],
      ['Sem aula', 5, null, null, null],
    ]);
  });

  it('scores: one row per band of 20 points', () => {
    expect(
      scoresCsv(t, [
        { from: 0, to: 20, students: 1 },
        { from: 80, to: 100, students: 3 },
      ]),
    ).toEqual([
      ['Faixa de nota média', 'Estudantes'],
      ['0–20%', 1],
      ['80–100%', 3],
    ]);
  });
});
