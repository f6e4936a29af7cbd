import { describe, expect, it } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Attempt } from '@aprenda/shared/schemas/exercises';
import { createQueryClient } from '@/lib/query-client';
import { reply, serve, stubFetch } from '@/test/fetch-stub';
import { useAttemptAnswers, type AttemptAnswers } from './use-attempt-answers';

const fetchMock = stubFetch();

const attempt: Attempt = {
  id: 'att-1',
  assignment_id: 'asg-1',
  number: 1,
  started_at: '2026-11-29T10:00:00.000Z',
  submitted_at: null,
  late: false,
  score: null,
  feedback_visible: false,
  items: [
    {
      item: { id: 'i1', kind: 'text', stem: 'Planeta vermelho?', choices: [], skill_id: null },
      response: null,
      result: null,
      flashcard: null,
    },
  ],
};

function Harness({ onReady }: { onReady: (answers: AttemptAnswers) => void }) {
  onReady(useAttemptAnswers(attempt, 'pt-BR', () => {}));
  return null;
}

describe('useAttemptAnswers', () => {
  it('still sends an answer given after a flush that had nothing to send', async () => {
    const posted: unknown[] = [];
    serve(fetchMock, (url, init) => {
      if (url.pathname === '/api/attempts/att-1/answers' && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return reply({ result: null, flashcard: null }, 201);
      }
      return reply(
        { type: 'about:blank', title: 'not found', status: 404, code: 'not_found' },
        404,
      );
    });
    let answers: AttemptAnswers | undefined;
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Harness onReady={(a) => (answers = a)} />
      </QueryClientProvider>,
    );
    // Nothing waits (a hand-in's first step, or the browser coming back online): done at once.
    await act(async () => {
      expect(await answers!.flush()).toBe(true);
    });
    act(() => answers!.answer('i1', { value: 'Marte' }, 1200));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ item_id: 'i1', response: { value: 'Marte' } });
    await waitFor(() => expect(answers!.pending).toEqual({}));
    // And a flush after that answer was confirmed is done as well.
    await act(async () => {
      expect(await answers!.flush()).toBe(true);
    });
    expect(posted).toHaveLength(1);
  });
});
