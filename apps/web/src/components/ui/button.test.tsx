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
});
