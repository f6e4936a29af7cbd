import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';
import { ConfirmDialog } from './alert-dialog';

/** Dialogs are opened by a plain button with a controlled `open`, as across the app. */
function WithDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Entrar com código</button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel="Fechar">
          <DialogTitle>Entrar com código</DialogTitle>
          <DialogDescription>Digite o código.</DialogDescription>
          <input aria-label="Código" />
          <button onClick={() => setOpen(false)}>Cancelar</button>
        </DialogContent>
      </Dialog>
    </>
  );
}

function WithConfirm() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Sair da turma</button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Sair da turma?"
        description="Você deixa de ver a turma."
        confirmLabel="Sair"
        cancelLabel="Cancelar"
        onConfirm={() => setOpen(false)}
      />
    </>
  );
}

describe('dialogs give focus back to what opened them', () => {
  it('Escape closes the dialog and focus returns to the opening button (not <body>)', async () => {
    const user = userEvent.setup();
    render(<WithDialog />);
    const opener = screen.getByRole('button', { name: 'Entrar com código' });
    opener.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Código' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('a button inside that closes it returns focus too', async () => {
    const user = userEvent.setup();
    render(<WithDialog />);
    const opener = screen.getByRole('button', { name: 'Entrar com código' });
    opener.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('a confirmation returns focus to its opener on Escape and on confirm', async () => {
    const user = userEvent.setup();
    render(<WithConfirm />);
    const opener = screen.getByRole('button', { name: 'Sair da turma' });
    opener.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});
