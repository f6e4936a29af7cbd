import { describe, expect, it } from 'vitest';
import type { StudentAssignment } from '@aprenda/shared/schemas/exercises';
import { attemptsLeft, percentOf, splitAssignments, startAction } from './assignments-list';

function a(
  id: string,
  status: StudentAssignment['status'],
  due: string,
  extra: Partial<StudentAssignment> = {},
): StudentAssignment {
  return {
    id,
    class_id: 'c',
    class_title: 'Turma',
    set_id: 's',
    title: id,
    description: '',
    open_at: '2026-01-01T00:00:00Z',
    due_at: due,
    attempts_allowed: 1,
    shuffle: true,
    feedback: 'immediate',
    event_id: null,
    size: 3,
    created_at: '2026-01-01T00:00:00Z',
    status,
    attempts_used: 0,
    best_score: null,
    late: false,
    last_attempt_id: null,
    ...extra,
  };
}

describe('splitAssignments', () => {
  it('puts in-progress first, then by due date, missed last; done apart, latest first', () => {
    const list = [
      a('missed', 'missed', '2026-01-02T00:00:00Z'),
      a('later', 'todo', '2026-03-01T00:00:00Z'),
      a('soon', 'todo', '2026-02-01T00:00:00Z'),
      a('upcoming', 'upcoming', '2026-02-15T00:00:00Z'),
      a('going', 'in_progress', '2026-04-01T00:00:00Z'),
      a('done-old', 'done', '2026-01-05T00:00:00Z'),
      a('done-new', 'done', '2026-02-05T00:00:00Z'),
    ];
    const { todo, done } = splitAssignments(list);
    expect(todo.map((x) => x.id)).toEqual(['going', 'soon', 'upcoming', 'later', 'missed']);
    expect(done.map((x) => x.id)).toEqual(['done-new', 'done-old']);
  });
});

describe('startAction', () => {
  it('says what the screen offers', () => {
    expect(startAction(a('x', 'todo', '2026-02-01T00:00:00Z'))).toBe('start');
    expect(startAction(a('x', 'missed', '2026-02-01T00:00:00Z'))).toBe('start');
    expect(startAction(a('x', 'in_progress', '2026-02-01T00:00:00Z', { attempts_used: 1 }))).toBe(
      'continue',
    );
    expect(startAction(a('x', 'upcoming', '2026-02-01T00:00:00Z'))).toBeNull();
    expect(startAction(a('x', 'done', '2026-02-01T00:00:00Z', { attempts_used: 1 }))).toBeNull();
    expect(
      startAction(
        a('x', 'done', '2026-02-01T00:00:00Z', { attempts_used: 1, attempts_allowed: 2 }),
      ),
    ).toBe('again');
    expect(
      startAction(
        a('x', 'done', '2026-02-01T00:00:00Z', { attempts_used: 7, attempts_allowed: 0 }),
      ),
    ).toBe('again');
  });

  it('counts attempts left (0 allowed: no limit)', () => {
    expect(attemptsLeft({ attempts_allowed: 0, attempts_used: 9 })).toBe(true);
    expect(attemptsLeft({ attempts_allowed: 2, attempts_used: 2 })).toBe(false);
  });
});

describe('percentOf', () => {
  it('rounds and clamps', () => {
    expect(percentOf(0.666)).toBe(67);
    expect(percentOf(null)).toBe(0);
    expect(percentOf(1.2)).toBe(100);
  });
});
