import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Toaster } from '@/components/ui/sonner';
import { problem, reply, requestUrl, serve, stubFetch } from '@/test/fetch-stub';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { DeleteAccountSection } from './delete-account-section';

const fetchMock = stubFetch();

function renderSection(role: 'student' | 'teacher', lang = 'pt-BR') {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/profile']}>
          <Routes>
            <Route path="/profile" element={<DeleteAccountSection role={role} />} />
            <Route path="/auth" element={<p>página de entrar</p>} />
            <Route path="/dashboard/teacher" element={<p>minhas turmas</p>} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return user;
}

const deleteCalls = () =>
  fetchMock.mock.calls.filter(([input]) => requestUrl(input).pathname === '/pb/auth/delete-user');

describe('Excluir minha conta', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('asks for the password, then for a confirmation; a wrong password keeps what was typed', async () => {
    serve(fetchMock, () => reply({ code: 'wrong_password', status: 400 }, 400));
    const user = renderSection('student');
    await user.click(screen.getByRole('button', { name: 'Excluir minha conta' }));
    expect(screen.getByText('Preencha este campo.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Sua senha'), 'senha-errada-1');
    expect(screen.queryByText('Preencha este campo.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Excluir minha conta' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Excluir a sua conta para sempre?');
    // Cancel first: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(deleteCalls()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Excluir minha conta' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Excluir para sempre',
      }),
    );
    expect(await screen.findByText('Senha incorreta.')).toBeInTheDocument();
    expect(screen.getByLabelText('Sua senha')).toHaveValue('senha-errada-1');
    expect(JSON.parse(String(deleteCalls()[0]?.[1]?.body))).toEqual({
      password: 'senha-errada-1',
    });
  });

  it('the owner of a class is told to hand it over, with a way to the classes', async () => {
    serve(fetchMock, () => problem(409, 'owns_classes'));
    const user = renderSection('teacher', 'en');
    expect(screen.getByText(/If you own classes, hand each one/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your password'), 'senha-segura-1');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete for good',
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You own classes. Hand each one to another teacher');
    await user.click(within(alert).getByRole('link', { name: 'See my classes' }));
    expect(await screen.findByText('minhas turmas')).toBeInTheDocument();
  });

  it('once deleted: nothing of the account stays on this device (the language does), and the sign-in page opens', async () => {
    serve(fetchMock, () => reply({ success: true, message: 'User deleted' }));
    localStorage.setItem('aprenda.draft.c1', 'metade de uma pergunta');
    localStorage.setItem('aprenda:attempt-drafts:a1', '{"1":"14"}');
    localStorage.setItem('outro-site', 'fica');
    sessionStorage.setItem('aprenda:reset-token', 'x');
    const user = renderSection('student');
    await user.type(screen.getByLabelText('Sua senha'), 'senha-segura-1');
    await user.click(screen.getByRole('button', { name: 'Excluir minha conta' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Excluir para sempre',
      }),
    );
    expect(await screen.findByText('página de entrar')).toBeInTheDocument();
    expect(await screen.findByText('Sua conta foi excluída.')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('aprenda.draft.c1')).toBeNull());
    expect(localStorage.getItem('aprenda:attempt-drafts:a1')).toBeNull();
    expect(sessionStorage.getItem('aprenda:reset-token')).toBeNull();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('pt-BR');
    expect(localStorage.getItem('outro-site')).toBe('fica');
  });
});
