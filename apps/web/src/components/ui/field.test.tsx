import { useState, type FormEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Field, fieldAria } from './field';
import { Input } from './input';

/** As in "Adicionar participante": Enter in the field, the error shows, focus stays put. */
function AddMember() {
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        setError('Digite um e-mail válido, como nome@escola.com.');
      }}
    >
      <Field
        id="who"
        label="E-mail ou ID do usuário"
        error={error}
        hint="Quem ainda não tem conta…"
      >
        <Input {...fieldAria('who', error, 'Quem ainda não tem conta…')} />
      </Field>
    </form>
  );
}

describe('Field', () => {
  it('an error that appears is announced (role=alert) and describes the invalid input', async () => {
    const user = userEvent.setup();
    render(<AddMember />);
    const input = screen.getByLabelText('E-mail ou ID do usuário');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(input, 'nome@{Enter}');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Digite um e-mail válido');
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Digite um e-mail válido, como nome@escola.com.');
  });
});
