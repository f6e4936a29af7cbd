import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { MISTAKE_CARD_TEXTS } from '@aprenda/shared/mistake-cards';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import enAssignments from '@/locales/en/assignments.json';
import ptAssignments from '@/locales/pt-BR/assignments.json';
import { AutoFlashcardNote, AutoFlashcardsSwitch } from './auto-flashcards';

const fetchMock = stubFetch();

function setup(put: (body: unknown) => Response) {
  const puts: unknown[] = [];
  serve(fetchMock, (url, init) => {
    if (url.pathname !== '/api/practice/settings') return problem(404, 'not_found');
    if (init?.method === 'PUT') {
      const body: unknown = JSON.parse(String(init.body));
      puts.push(body);
      return put(body);
    }
    return reply({ auto_flashcards: false });
  });
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <AutoFlashcardsSwitch />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return puts;
}

describe('AutoFlashcardsSwitch', () => {
  it('reads the setting and saves the new one', async () => {
    const puts = setup((body) => reply(body));
    const toggle = await screen.findByRole('switch', {
      name: 'Criar flashcards dos meus erros automaticamente',
    });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(puts).toEqual([{ auto_flashcards: true }]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('moves back and says why when saving fails', async () => {
    setup(() => problem(500, 'internal'));
    const toggle = await screen.findByRole('switch');
    await userEvent.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('A opção não foi salva');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });
});

describe('AutoFlashcardNote', () => {
  it('links to the deck the card went to', () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <MemoryRouter>
          <AutoFlashcardNote
            card={{ deck_id: 'd1', deck_title: 'Erros da prática', deck_full: false }}
          />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(screen.getByTestId('auto-flashcard')).toHaveTextContent(
      'Flashcard criado em Erros da prática',
    );
    expect(screen.getByRole('link', { name: 'Erros da prática' })).toHaveAttribute(
      'href',
      '/dashboard/flashcard/d1',
    );
  });

  it('the server writes the same words as the "Criar flashcard" button', () => {
    for (const [texts, locale] of [
      [MISTAKE_CARD_TEXTS['pt-BR'], ptAssignments],
      [MISTAKE_CARD_TEXTS.en, enAssignments],
    ] as const) {
      expect(texts.answer).toBe(locale.flashcard.backAnswer);
      expect(texts.explanation).toBe(locale.flashcard.backExplanation);
      expect(texts.assignmentDeck).toBe(locale.flashcard.newDeckTitle);
    }
  });
});
