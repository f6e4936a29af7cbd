import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { ApiError } from '@/lib/errors';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { BoardDeletedBanner } from './board-deleted';
import { SaveStatus } from './save-status';

function wrap(ui: React.ReactNode) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
  return render(<I18nextProvider i18n={createI18n()}>{ui}</I18nextProvider>);
}

describe('a board deleted while it is open', () => {
  it('the header says the board was deleted and nothing is saved, not "Não encontramos…"', () => {
    wrap(
      <SaveStatus
        state={{
          status: 'deleted',
          version: 3,
          error: new ApiError({ status: 404, code: 'not_found' }),
        }}
      />,
    );
    const status = screen.getByTestId('board-save-status');
    expect(status).toHaveTextContent('Quadro excluído — nada é salvo');
    expect(status).not.toHaveTextContent('Não encontramos');
  });

  it('the banner offers "Salvar como novo quadro"', async () => {
    const onSaveAsNew = vi.fn(() => Promise.resolve());
    wrap(<BoardDeletedBanner onSaveAsNew={onSaveAsNew} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Este quadro foi excluído.');
    expect(screen.getByRole('alert')).toHaveTextContent('Seu desenho continua na tela');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar como novo quadro' }));
    expect(onSaveAsNew).toHaveBeenCalledTimes(1);
  });
});
