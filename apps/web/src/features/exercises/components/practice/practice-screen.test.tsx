import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { PracticeAnswerResult, PracticeNext } from '@aprenda/shared/schemas/exercises';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { PracticeScreen } from './practice-screen';

const fetchMock = stubFetch();

const NEXT: PracticeNext = {
  item: { id: 'i1', kind: 'text', stem: 'Quanto é 3 vezes 7?', choices: [], skill_id: null },
  skill_id: null,
};

const WRONG: PracticeAnswerResult = {
  result: {
    correct: false,
    score: 0,
    feedback: [],
    explanation: '',
    correct_answer: { value: '21' },
  },
  mastery: { skill_id: 's1', level: 'attempted', ability: -0.2, answers: 1, success: 0.45 },
  previous_level: null,
  flashcard: null,
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

describe('PracticeScreen', () => {
  it('after an answer brings the whole feedback into sight above the sticky bar, and reads it out', async () => {
    serve(fetchMock, (url, init) => {
      if (url.pathname === '/api/practice/next') return reply(NEXT);
      if (url.pathname === '/api/practice/answers' && init?.method === 'POST') return reply(WRONG);
      if (url.pathname === '/api/practice/skills') return reply([]);
      if (url.pathname === '/api/practice/settings') return reply({ auto_flashcards: false });
      return problem(404, 'not_found');
    });
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
    render(
      <I18nextProvider i18n={createI18n()}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter>
            <PracticeScreen skillId={null} />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    await userEvent.type(await screen.findByRole('textbox'), '24');
    await userEvent.click(screen.getByRole('button', { name: 'Responder' }));

    const feedback = await screen.findByTestId('practice-feedback');
    expect(feedback).toHaveTextContent('21');
    // In a region that was on the page before it came: a screen reader says what came into it.
    const region = feedback.parentElement!;
    expect(region).toHaveAttribute('aria-live', 'polite');
    // Scrolled to the least that shows it whole, with the bar's height kept free below it
    // (scrolled to its top, the feedback's title went under the sticky header).
    expect(scrolled.map((s) => s.el)).toEqual([region]);
    expect(scrolled[0]!.options).toMatchObject({ block: 'nearest' });
    // The bar's height and a little air (24 px).
    expect(region.style.scrollMarginBottom).toBe(`${BAR_PX + 24}px`);
    expect(screen.getByRole('button', { name: 'Próxima questão' })).toHaveFocus();
  });
});
