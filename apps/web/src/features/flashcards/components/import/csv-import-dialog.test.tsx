import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from '@/components/ui/sonner';
import { reply, serve, stubFetch } from '@/test/fetch-stub';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { CsvImportDialog } from './csv-import-dialog';

const fetchMock = stubFetch();

/** Five rows; line 4 has no front. */
const TEXT = [
  'Capital do Brasil?,Brasília',
  'Capital da Argentina?,Buenos Aires',
  'Capital do Chile?,Santiago',
  ',Lima',
  'Capital do Uruguai?,Montevidéu',
].join('\n');

function setup() {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
  const sent: Array<{ rows: Array<{ front: string }> }> = [];
  serve(fetchMock, async (url, init) => {
    if (url.pathname === '/api/decks/d1/import/rows' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { rows: Array<{ front: string }> };
      sent.push(body);
      return reply({ imported: body.rows.length }, 201);
    }
    return reply({ items: [], nextCursor: null });
  });
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <CsvImportDialog deckId="d1" deckTitle="Geografia" open onOpenChange={() => undefined} />
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user, sent };
}

describe('CSV import: a line that needs fixing among good ones', () => {
  it('the button is off and the note names the line, until it is fixed or left out', async () => {
    const { user, sent } = setup();
    fireEvent.change(screen.getByLabelText('Ou cole o texto aqui'), { target: { value: TEXT } });
    await user.click(screen.getByRole('button', { name: 'Ver prévia' }));

    const submit = await screen.findByRole('button', { name: 'Importar 4 cartões' });
    expect(submit).toBeDisabled();
    const note = screen.getByText(
      'A linha 4 precisa de ajuste: corrija-a acima ou deixe-a de fora. Nada é importado antes disso.',
    );
    expect(submit).toHaveAccessibleDescription(note.textContent!);

    // One click leaves it out: the button is on and imports the four good rows.
    await user.click(screen.getByRole('button', { name: 'Deixar a linha 4 de fora' }));
    expect(screen.queryByText(/A linha 4 precisa de ajuste/)).toBeNull();
    expect(submit).toBeEnabled();
    await user.click(submit);
    await screen.findByText('4 cartões importados para Geografia.');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.rows.map((r) => r.front)).toEqual([
      'Capital do Brasil?',
      'Capital da Argentina?',
      'Capital do Chile?',
      'Capital do Uruguai?',
    ]);
  });

  it('fixed in place: all five go', async () => {
    const { user, sent } = setup();
    fireEvent.change(screen.getByLabelText('Ou cole o texto aqui'), { target: { value: TEXT } });
    await user.click(screen.getByRole('button', { name: 'Ver prévia' }));
    expect(await screen.findByRole('button', { name: 'Importar 4 cartões' })).toBeDisabled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Frente' }), {
      target: { value: 'Capital do Peru?' },
    });
    const submit = screen.getByRole('button', { name: 'Importar 5 cartões' });
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.rows).toHaveLength(5);
  });

  it('two lines: both named, and left out together', async () => {
    const { user } = setup();
    fireEvent.change(screen.getByLabelText('Ou cole o texto aqui'), {
      target: { value: `${TEXT}\n,Assunção` },
    });
    await user.click(screen.getByRole('button', { name: 'Ver prévia' }));
    expect(await screen.findByRole('button', { name: 'Importar 4 cartões' })).toBeDisabled();
    expect(
      screen.getByText(
        '2 linhas precisam de ajuste (4, 6): corrija-as acima ou deixe-as de fora. Nada é importado antes disso.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deixar essas 2 linhas de fora' }));
    expect(screen.getByRole('button', { name: 'Importar 4 cartões' })).toBeEnabled();
  });
});
