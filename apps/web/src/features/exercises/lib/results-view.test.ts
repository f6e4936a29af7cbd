import { describe, expect, it } from 'vitest';
import {
  bandBounds,
  choiceLetter,
  discriminationLevel,
  enoughAnswers,
  resultsCsvName,
  resultsSummary,
  sortStudents,
  unusedChoiceLetters,
  type ResultStudent,
} from './results-view';

function student(name: string, score: number | null, submitted = score !== null): ResultStudent {
  return {
    user_id: name,
    name,
    submitted_at: submitted ? '2026-11-24T10:00:00.000Z' : null,
    late: false,
    score,
    cells: [],
    answers: [],
  };
}

describe('results view', () => {
  const students = [
    student('Bruno', 0.5),
    student('ana', 0.9),
    student('Élio', null),
    student('Caio', 0.9),
  ];

  it('sorts by name (accent- and case-blind) or by score, nothing handed in last', () => {
    expect(sortStudents(students, 'name', 'pt-BR').map((s) => s.name)).toEqual([
      'ana',
      'Bruno',
      'Caio',
      'Élio',
    ]);
    expect(sortStudents(students, 'score', 'pt-BR').map((s) => s.name)).toEqual([
      'ana',
      'Caio',
      'Bruno',
      'Élio',
    ]);
  });

  it('counts who handed in and the mean of their scores', () => {
    expect(resultsSummary({ students })).toEqual({
      handedIn: 3,
      total: 4,
      mean: (0.5 + 0.9 + 0.9) / 3,
    });
    expect(resultsSummary({ students: [student('x', 0.4, false)] })).toEqual({
      handedIn: 0,
      total: 1,
      mean: null,
    });
  });

  it('puts discrimination into words', () => {
    expect(discriminationLevel(null)).toBe('none');
    expect(discriminationLevel(-0.1)).toBe('negative');
    expect(discriminationLevel(0.2)).toBe('weak');
    expect(discriminationLevel(0.25)).toBe('good');
    expect(discriminationLevel(0.6)).toBe('veryGood');
  });

  it('names the wrong choices nobody picked by letter', () => {
    expect(choiceLetter(0)).toBe('a');
    expect(
      unusedChoiceLetters({
        choices: [
          { id: 'x', text: '1', correct: true, picked: 0 },
          { id: 'y', text: '2', correct: false, picked: 3 },
          { id: 'z', text: '3', correct: false, picked: 0 },
        ],
      }),
    ).toEqual(['c']);
  });

  it('analyses from five answers, bands of ten points, safe file names', () => {
    expect(enoughAnswers({ answers: 4 })).toBe(false);
    expect(enoughAnswers({ answers: 5 })).toBe(true);
    expect(bandBounds(0)).toEqual([0, 10]);
    expect(bandBounds(9)).toEqual([90, 100]);
    expect(resultsCsvName('Frações: 7/A', 'notas')).toBe('Frações 7 A - notas.csv');
  });
});
