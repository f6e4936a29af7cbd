import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { ItemForm } from './item-form';

const fetchMock = stubFetch();

function renderForm() {
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <ItemForm onDirty={vi.fn()} onCancel={vi.fn()} onDone={vi.fn()} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

function choice(letter: string) {
  return screen.getByRole('group', { name: `Alternativa ${letter}` });
}

describe('ItemForm', () => {
  it('two alternatives with the same text: an error on the repeat, nothing sent, nothing typed lost', async () => {
    const posts: unknown[] = [];
    serve(fetchMock, (url, init) => {
      if (url.pathname === '/api/items' && init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return problem(500, 'internal');
      }
      return reply({ items: [], nextCursor: null });
    });
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Enunciado' }), 'Quanto é 3 + 4?');
    await user.type(within(choice('A')).getByRole('textbox', { name: 'Texto' }), '7');
    await user.click(within(choice('A')).getByRole('radio', { name: 'Correta' }));
    await user.type(within(choice('B')).getByRole('textbox', { name: 'Texto' }), ' 7 ');
    await user.click(screen.getByRole('button', { name: 'Salvar questão' }));

    const repeat = within(choice('B')).getByRole('textbox', { name: 'Texto' });
    expect(repeat).toHaveAttribute('aria-invalid', 'true');
    expect(repeat).toHaveAccessibleDescription(
      'Igual à alternativa A: os alunos veriam duas opções iguais. Mude o texto de uma delas.',
    );
    expect(within(choice('A')).getByRole('textbox', { name: 'Texto' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(posts).toEqual([]);
    // Everything typed is still there.
    expect(screen.getByRole('textbox', { name: 'Enunciado' })).toHaveValue('Quanto é 3 + 4?');
    expect(within(choice('A')).getByRole('textbox', { name: 'Texto' })).toHaveValue('7');
    expect(repeat).toHaveValue(' 7 ');
    expect(within(choice('A')).getByRole('radio', { name: 'Correta' })).toBeChecked();
  });
});
