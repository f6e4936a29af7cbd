import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './button';

describe('Button', () => {
  it('a button that starts work (given `pending`) counts a double click once', async () => {
    const start = vi.fn();
    render(
      <Button pending={false} onClick={start}>
        Importar
      </Button>,
    );
    await userEvent.dblClick(screen.getByRole('button', { name: 'Importar' }));
    expect(start).toHaveBeenCalledTimes(1);
    // Two separate clicks, and clicks from the keyboard (detail 0), each count.
    fireEvent.click(screen.getByRole('button'), { detail: 1 });
    fireEvent.click(screen.getByRole('button'), { detail: 0 });
    expect(start).toHaveBeenCalledTimes(3);
  });

  it('a submit button given `pending` sends its form once on a double click', async () => {
    const submit = vi.fn((e: React.FormEvent) => e.preventDefault());
    render(
      <form onSubmit={submit}>
        <Button type="submit" pending={false}>
          Criar
        </Button>
      </form>,
    );
    await userEvent.dblClick(screen.getByRole('button', { name: 'Criar' }));
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('other buttons (steppers, toggles) count every click', async () => {
    const step = vi.fn();
    render(<Button onClick={step}>+1</Button>);
    await userEvent.dblClick(screen.getByRole('button', { name: '+1' }));
    expect(step).toHaveBeenCalledTimes(2);
  });

  it('a pending button keeps focus (not <body>) and refuses clicks, Enter and form submits', async () => {
    const user = userEvent.setup();
    const submit = vi.fn((e: React.FormEvent) => e.preventDefault());
    function Form({ pending }: { pending: boolean }) {
      return (
        <form onSubmit={submit}>
          <input aria-label="Validade (dias)" />
          <Button type="submit" pending={pending}>
            Criar convite
          </Button>
        </form>
      );
    }
    const { rerender } = render(<Form pending={false} />);
    const button = screen.getByRole('button', { name: 'Criar convite' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(submit).toHaveBeenCalledTimes(1);
    rerender(<Form pending />);
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    fireEvent.click(button, { detail: 1 });
    await user.type(screen.getByLabelText('Validade (dias)'), '7{Enter}');
    expect(submit).toHaveBeenCalledTimes(1);
  });
});
