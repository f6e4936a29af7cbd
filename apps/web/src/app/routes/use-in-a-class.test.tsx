import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Today } from '@aprenda/shared/schemas/metrics';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { createQueryClient } from '@/lib/query-client';
import { useInAClass } from './use-in-a-class';

const fetchMock = stubFetch();

function wrapper({ children }: { children: ReactNode }) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function studentToday(practice: NonNullable<Today['student']>['practice']): Today {
  return {
    role: 'student',
    teacher: null,
    student: {
      streak: { current: 0, longest: 0, today_counts: false, today_actions: 0 },
      cards: { due: 0, new: 0, decks: [] },
      assignments: [],
      practice,
      last_conversation: null,
    },
  };
}

/** Answers /api/today with `today` and /api/classes/mine with `mine`; returns the paths asked. */
function answer(today: Today, mine: unknown[] | 'error') {
  const asked: string[] = [];
  serve(fetchMock, (url) => {
    asked.push(url.pathname);
    if (url.pathname === '/api/classes/mine') {
      return mine === 'error'
        ? problem(500, 'internal')
        : reply({ items: mine, next_cursor: null });
    }
    return reply(today);
  });
  return asked;
}

describe('useInAClass ("Prática sugerida" with nothing to suggest)', () => {
  it('in a class: true', async () => {
    answer(studentToday(null), [{ id: 'c1', title: '8º A' }]);
    const { result } = renderHook(() => useInAClass(), { wrapper });
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('in no class: false', async () => {
    answer(studentToday(null), []);
    const { result } = renderHook(() => useInAClass(), { wrapper });
    await waitFor(() => expect(result.current).toBe(false));
  });

  it('the list cannot be read: unknown', async () => {
    const asked = answer(studentToday(null), 'error');
    const { result } = renderHook(() => useInAClass(), { wrapper });
    await waitFor(() => expect(asked).toContain('/api/classes/mine'));
    expect(result.current).toBeUndefined();
  });

  it('with a suggestion the class list is not asked for', async () => {
    const asked = answer(studentToday({ skill_id: 's1', name: 'Frações', level: null }), []);
    const { result } = renderHook(() => useInAClass(), { wrapper });
    await waitFor(() => expect(asked).toContain('/api/today'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).not.toContain('/api/classes/mine');
    expect(result.current).toBeUndefined();
  });
});
