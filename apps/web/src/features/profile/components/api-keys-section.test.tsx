import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { Toaster } from '@/components/ui/sonner';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { API_KEYS_ANCHOR } from '@/components/ai/no-key-note';
import { ApiKeysSection } from './api-keys-section';

const fetchMock = stubFetch();

const OPENAI_KEY = {
  provider: 'openai',
  masked: 'sk-…wxyz',
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
};

function setup(
  lang: 'pt-BR' | 'en' = 'pt-BR',
  deleteAnswer = () => reply(null, 204),
  entry = '/profile',
) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  const deletes: string[] = [];
  let stored = [OPENAI_KEY];
  serve(fetchMock, async (url, init) => {
    if (init?.method === 'DELETE') {
      deletes.push(url.pathname);
      const res = deleteAnswer();
      if (res.ok) stored = [];
      return res;
    }
    if (url.pathname === '/pb/user_api_keys') return reply({ items: stored, nextCursor: null });
    return reply({});
  });
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[entry]}>
          <ApiKeysSection />
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user, deletes };
}

describe('API keys: removing one asks first', () => {
  it('Cancel keeps the key; confirming removes it and says so', async () => {
    const { user, deletes } = setup();
    expect(await screen.findByText('Chave atual: sk-…wxyz')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Remover a chave OpenAI?')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'O tutor deixa de usar esta chave. Para usá-la depois, cole a chave aqui de novo.',
      ),
    ).toBeInTheDocument();
    // Focus starts on Cancel (a destructive act is never one Enter away).
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deletes).toEqual([]);
    expect(screen.getByText('Chave atual: sk-…wxyz')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remover' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remover' }),
    );
    expect(await screen.findByText('Chave OpenAI removida.')).toBeInTheDocument();
    expect(deletes).toEqual(['/pb/user_api_keys/openai']);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await screen.findAllByText('Nenhuma chave salva')).toHaveLength(4);
  });

  it('in English too, and a failure says why', async () => {
    const { user, deletes } = setup('en', () => problem(503, 'database_unavailable'));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Remove the OpenAI key?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(deletes).toEqual(['/pb/user_api_keys/openai']);
    expect(
      await screen.findByText(/The server is having trouble reaching its data right now/),
    ).toBeInTheDocument();
    expect(screen.getByText(/sk-…wxyz/)).toBeInTheDocument();
  });
});

describe('API keys: reached from "Adicionar uma chave no perfil"', () => {
  it('a link to the section lands on it (focused), not on the top of the profile', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    setup('pt-BR', undefined, `/profile#${API_KEYS_ANCHOR}`);
    const region = screen.getByRole('region', { name: 'Chaves de API' });
    await waitFor(() => expect(region).toHaveFocus());
    expect(scrolled).toEqual([region]);
  });

  it('the profile opened on its own leaves the focus where it is', () => {
    setup();
    expect(screen.getByRole('region', { name: 'Chaves de API' })).not.toHaveFocus();
  });
});
