import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { ItemPicker } from './item-picker';

const fetchMock = stubFetch();

describe('ItemPicker ("Nova lista")', () => {
  it('shows a question with maths typeset, as the bank does, and plain questions as text', async () => {
    serve(fetchMock, (url) => {
      if (url.pathname !== '/api/items') return problem(404, 'not_found');
      return reply({
        items: [
          { id: 'i1', kind: 'numeric', stem: 'Quanto é $2+3$?' },
          { id: 'i2', kind: 'text', stem: 'Capital do **Brasil**?' },
        ],
        nextCursor: null,
      });
    });
    const onAdd = vi.fn();
    render(
      <I18nextProvider i18n={createI18n()}>
        <QueryClientProvider client={createQueryClient()}>
          <ItemPicker chosen={[]} onAdd={onAdd} />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const list = await screen.findByRole('list');
    const [maths, plain] = within(list).getAllByRole('listitem');
    // KaTeX is fetched on demand: on a loaded machine the first import takes over a second.
    await waitFor(() => expect(maths!.querySelector('.katex')).not.toBeNull(), {
      timeout: 10_000,
    });
    expect(maths).not.toHaveTextContent('$2+3$');
    expect(maths).toHaveTextContent('Quanto é');
    expect(plain).toHaveTextContent('Capital do Brasil?');
    expect(within(plain!).queryByTestId('stem-maths')).toBeNull();

    // Read aloud as words, not as the maths source or markdown marks.
    expect(within(maths!).getByRole('button')).toHaveAccessibleName('Adicionar: Quanto é 2+3?');
    expect(within(plain!).getByRole('button')).toHaveAccessibleName(
      'Adicionar: Capital do Brasil?',
    );
    await userEvent.click(within(maths!).getByRole('button'));
    expect(onAdd).toHaveBeenCalledWith({ id: 'i1', kind: 'numeric', stem: 'Quanto é $2+3$?' });
  });

  it('keeps the money sign in the "Adicionar" label ("R$ 50,00" is not maths)', async () => {
    serve(fetchMock, (url) => {
      if (url.pathname !== '/api/items') return problem(404, 'not_found');
      return reply({
        items: [{ id: 'i1', kind: 'numeric', stem: 'Quanto custa o livro? R$ 50,00' }],
        nextCursor: null,
      });
    });
    render(
      <I18nextProvider i18n={createI18n()}>
        <QueryClientProvider client={createQueryClient()}>
          <ItemPicker chosen={[]} onAdd={vi.fn()} />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const list = await screen.findByRole('list');
    expect(within(list).getByRole('button')).toHaveAccessibleName(
      'Adicionar: Quanto custa o livro? R$ 50,00',
    );
  });

  it('names "Adicionar" and "Já está na lista" with the maths read as text, not LaTeX commands', async () => {
    serve(fetchMock, (url) => {
      if (url.pathname !== '/api/items') return problem(404, 'not_found');
      return reply({
        items: [
          { id: 'i1', kind: 'numeric', stem: 'Quanto é $3 \\times 7$?' },
          { id: 'i2', kind: 'numeric', stem: 'Simplifique $\\frac{6}{8}$' },
        ],
        nextCursor: null,
      });
    });
    render(
      <I18nextProvider i18n={createI18n()}>
        <QueryClientProvider client={createQueryClient()}>
          <ItemPicker chosen={['i1']} onAdd={vi.fn()} />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const list = await screen.findByRole('list');
    const [added, open] = within(list).getAllByRole('button');
    expect(added).toHaveAccessibleName('Já está na lista: Quanto é 3 × 7?');
    expect(open).toHaveAccessibleName('Adicionar: Simplifique 6/8');
  });
});
