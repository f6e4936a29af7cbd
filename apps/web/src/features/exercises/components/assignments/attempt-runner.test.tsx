import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { Attempt, StudentAssignment } from '@aprenda/shared/schemas/exercises';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { AttemptRunner } from './attempt-runner';

const fetchMock = stubFetch();

const assignment: StudentAssignment = {
  id: 'as1',
  class_id: 'c1',
  class_title: 'Turma A',
  set_id: 's1',
  title: 'Tabuada',
  description: '',
  open_at: '2030-03-02T11:00:00.000Z',
  due_at: '2030-03-09T23:59:00.000Z',
  attempts_allowed: 1,
  shuffle: false,
  feedback: 'immediate',
  event_id: null,
  size: 2,
  created_at: '2030-03-01T11:00:00.000Z',
  status: 'in_progress',
  attempts_used: 1,
  best_score: null,
  late: false,
  last_attempt_id: 'at1',
};

const attempt: Attempt = {
  id: 'at1',
  assignment_id: 'as1',
  number: 1,
  started_at: '2030-03-03T10:00:00.000Z',
  submitted_at: null,
  late: false,
  score: null,
  feedback_visible: true,
  items: [
    {
      item: { id: 'i1', kind: 'text', stem: 'Quanto é 3 vezes 7?', choices: [], skill_id: null },
      response: null,
      result: null,
      flashcard: null,
    },
    {
      item: { id: 'i2', kind: 'text', stem: 'Quanto é 4 vezes 6?', choices: [], skill_id: null },
      response: null,
      result: null,
      flashcard: null,
    },
  ],
};

/** The sticky bar's height on a phone (jsdom lays nothing out). */
const BAR_PX = 81;
const scrolled: { el: Element; options: unknown }[] = [];

beforeEach(() => {
  scrolled.length = 0;
  Element.prototype.scrollIntoView = function (this: Element, options?: unknown) {
    scrolled.push({ el: this, options });
  } as Element['scrollIntoView'];
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.dataset.testid === 'answer-bar' ? BAR_PX : 0;
  });
});

afterEach(() => {
  // @ts-expect-error jsdom has none: only this file's stand-in goes.
  delete Element.prototype.scrollIntoView;
  vi.restoreAllMocks();
});

function renderRunner(feedback: StudentAssignment['feedback'] = 'immediate') {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <AttemptRunner assignment={{ ...assignment, feedback }} attempt={attempt} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('AttemptRunner', () => {
  it('after a wrong answer brings the correction into sight above the sticky bar, and reads it out', async () => {
    serve(fetchMock, (url, init) => {
      if (url.pathname === '/api/attempts/at1/answers' && init?.method === 'POST') {
        return reply(
          {
            result: {
              correct: false,
              score: 0,
              feedback: [],
              explanation: '',
              correct_answer: { value: '21' },
            },
            flashcard: null,
          },
          201,
        );
      }
      return problem(404, 'not_found');
    });
    renderRunner();
    await userEvent.type(screen.getByRole('textbox'), '24');
    await userEvent.click(screen.getByRole('button', { name: 'Responder' }));

    const result = await screen.findByTestId('item-result');
    expect(result).toHaveTextContent('Não foi dessa vez');
    expect(result).toHaveTextContent('21');
    // The box it came in was on the page before: a screen reader says what came into it.
    const region = screen.getByTestId('attempt-feedback');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toContainElement(result);
    // Scrolled to, with the bar's height kept free below it (the bar no longer covers it).
    expect(scrolled.map((s) => s.el)).toEqual([region]);
    expect(scrolled[0]!.options).toMatchObject({ block: 'nearest' });
    // The bar's height and a little air (24 px).
    expect(region.style.scrollMarginBottom).toBe(`${BAR_PX + 24}px`);
    // Focus waits on "Próxima", in the bar, as before.
    expect(
      within(screen.getByTestId('answer-bar')).getByRole('button', { name: 'Próxima' }),
    ).toHaveFocus();

    // Going to another question and back does not scroll again.
    await userEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    await userEvent.click(screen.getByRole('button', { name: 'Questão anterior' }));
    expect(await screen.findByTestId('item-result')).toBeVisible();
    expect(scrolled).toHaveLength(1);
  });

  it('with feedback after the due date brings "Resposta registrada" into sight', async () => {
    serve(fetchMock, (url, init) => {
      if (url.pathname === '/api/attempts/at1/answers' && init?.method === 'POST') {
        return reply({ result: null, flashcard: null }, 201);
      }
      return problem(404, 'not_found');
    });
    renderRunner('after_due');
    await userEvent.type(screen.getByRole('textbox'), '21');
    await userEvent.click(screen.getByRole('button', { name: 'Responder' }));
    const status = await screen.findByText('Resposta registrada');
    expect(scrolled.map((s) => s.el)).toEqual([status.closest('[role="status"]')]);
    expect(screen.queryByTestId('item-result')).toBeNull();
  });
});
