import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { SessionUser } from '@aprenda/shared/schemas/auth';
import { reply, serve, stubFetch } from '@/test/fetch-stub';
import { createQueryClient } from '@/lib/query-client';
import { useTeaches } from './use-teaches';

const fetchMock = stubFetch();

const RAFAEL: SessionUser = {
  id: 's9',
  name: 'Rafael',
  email: 'r@x.org',
  role: 'student',
  image: null,
};

const CLASS = {
  id: 'c1',
  title: 'Clube de xadrez',
  description: '',
  code: 'ABC234',
  join_by_code: true,
  owner_id: 's9',
  archived: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  role: 'teacher',
  teachers: [{ id: 's9', name: 'Rafael' }],
  member_count: 3,
  upcoming_events: [],
};

function wrapper({ children }: { children: ReactNode }) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Answers the teaching list: `active` without `archived=1`, `archived` with it. */
function serveTeaching(active: unknown[], archived: unknown[]) {
  const asked: string[] = [];
  serve(fetchMock, (url) => {
    if (url.pathname !== '/api/classes/teaching') return reply({ items: [], next_cursor: null });
    asked.push(url.search);
    const items = url.searchParams.get('archived') === '1' ? archived : active;
    return reply({ items, next_cursor: null });
  });
  return asked;
}

describe('useTeaches', () => {
  it('a student account that teaches only archived classes still sees the teacher tools', async () => {
    const asked = serveTeaching([], [CLASS]);
    const { result } = renderHook(() => useTeaches(RAFAEL), { wrapper });
    await waitFor(() => expect(result.current).toBe(true));
    expect(asked.some((q) => q.includes('archived=1'))).toBe(true);
  });

  it('a student account that teaches an active class needs no second request', async () => {
    const asked = serveTeaching([{ ...CLASS, archived: false }], []);
    const { result } = renderHook(() => useTeaches(RAFAEL), { wrapper });
    await waitFor(() => expect(result.current).toBe(true));
    expect(asked.every((q) => !q.includes('archived=1'))).toBe(true);
  });

  it('a student account that teaches nothing, active or archived, does not', async () => {
    const asked = serveTeaching([], []);
    const { result } = renderHook(() => useTeaches(RAFAEL), { wrapper });
    await waitFor(() => expect(asked.some((q) => q.includes('archived=1'))).toBe(true));
    expect(result.current).toBe(false);
  });

  it('a teacher account asks nothing', () => {
    serveTeaching([], []);
    const { result } = renderHook(() => useTeaches({ ...RAFAEL, role: 'teacher' }), { wrapper });
    expect(result.current).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
