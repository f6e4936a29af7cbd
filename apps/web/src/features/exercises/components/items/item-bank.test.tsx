import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { reply, serve, stubFetch } from '@/test/fetch-stub';
import { ItemBank } from './item-bank';

const fetchMock = stubFetch();

const ITEM = {
  id: 'i1',
  kind: 'numeric',
  stem: 'Qual é a solução de $x + 7 = 12$?',
  skill_id: null,
  template: null,
  public: false,
  difficulty: 0,
  answer_count: 0,
};

describe('ItemBank (the question bank)', () => {
  it('asks before deleting a question, naming it as text (no maths source)', async () => {
    serve(fetchMock, (url) =>
      url.pathname === '/api/items'
        ? reply({ items: [ITEM], nextCursor: null })
        : reply({ items: [], nextCursor: null }),
    );
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={createI18n()}>
        <QueryClientProvider client={createQueryClient()}>
          <ItemBank />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    await user.click(
      await screen.findByRole('button', {
        name: 'Ações da questão “Qual é a solução de x + 7 = 12?”',
      }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('“Qual é a solução de x + 7 = 12?” sai da sua lista');
    expect(within(dialog).queryByText(/\$/)).toBeNull();
  });
});
