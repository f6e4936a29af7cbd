import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { problem, reply, stubFetch } from '@/test/fetch-stub';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { ClassForm } from './class-form-dialog';

const fetchMock = stubFetch();

function setup() {
  const onDone = vi.fn();
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <ClassForm onDone={onDone} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user, onDone };
}

const classCalls = () => fetchMock.mock.calls.filter(([u]) => String(u).includes('/api/classes'));

describe('class form', () => {
  it('proposes a code and "Gerar" makes a new one from the alphabet', async () => {
    const { user } = setup();
    const code = screen.getByLabelText('Código de entrada');
    expect((code as HTMLInputElement).value).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/);
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) {
      await user.click(screen.getByRole('button', { name: 'Gerar' }));
      const value = (code as HTMLInputElement).value;
      expect(value).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/);
      seen.add(value);
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it('shows translated errors per field, sends nothing and keeps what was typed', async () => {
    const { user } = setup();
    const code = screen.getByLabelText('Código de entrada');
    await user.clear(code);
    await user.type(code, 'AB0');
    await user.type(screen.getByLabelText('Descrição'), 'Uma descrição');
    await user.click(screen.getByRole('button', { name: 'Criar turma' }));
    expect(screen.getByText('Preencha este campo.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome da turma')).toHaveAttribute('aria-invalid', 'true');
    // Focus goes to the first field to fix (not left on "Criar turma").
    await waitFor(() => expect(screen.getByLabelText('Nome da turma')).toHaveFocus());
    expect(
      screen.getByText(/sem I, O, 0 e 1/, { selector: 'p.text-destructive' }),
    ).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveValue('AB0');
    expect(screen.getByLabelText('Descrição')).toHaveValue('Uma descrição');
    expect(classCalls()).toHaveLength(0);

    await user.clear(code);
    await user.type(code, 'ABC');
    await user.type(screen.getByLabelText('Nome da turma'), 'x'.repeat(121));
    await user.click(screen.getByRole('button', { name: 'Criar turma' }));
    expect(screen.getByText('Use no máximo 120 caracteres.')).toBeInTheDocument();
    expect(screen.getByText('O código precisa ter de 4 a 12 caracteres.')).toBeInTheDocument();
    expect(classCalls()).toHaveLength(0);
  });

  it('puts a server clash on the code field and keeps the form', async () => {
    fetchMock.mockImplementation(async () => problem(409, 'class_code_taken', 'Conflict'));
    const { user, onDone } = setup();
    await user.type(screen.getByLabelText('Nome da turma'), 'Matemática');
    await user.click(screen.getByRole('button', { name: 'Criar turma' }));
    expect(
      await screen.findByText('Este código de turma já está em uso. Escolha outro.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Nome da turma')).toHaveValue('Matemática');
    expect(onDone).not.toHaveBeenCalled();
    const [, init] = classCalls()[0]!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toMatchObject({ title: 'Matemática' });
  });

  it('maps server field errors to the fields, in the chosen language', async () => {
    localStorage.setItem('aprenda.lang', 'en');
    fetchMock.mockImplementation(async () =>
      reply(
        {
          type: 'about:blank',
          title: 'Bad Request',
          status: 400,
          code: 'validation_failed',
          errors: [{ path: 'description', code: 'too_big', message: 'x', maximum: 2000 }],
        },
        400,
      ),
    );
    const { user } = setup();
    await user.type(screen.getByLabelText('Class name'), 'Maths');
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    await waitFor(() =>
      expect(screen.getByText('Use at most 2000 characters.')).toBeInTheDocument(),
    );
    expect(screen.getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Class name')).toHaveValue('Maths');
  });
});
