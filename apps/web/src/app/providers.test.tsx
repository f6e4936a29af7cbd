import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { DEFAULT_CONFIG } from '@/lib/config';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { toastError, toastSuccess, toastsWanted } from '@/lib/toast';
import { Providers } from './providers';

describe('Providers: toasts on demand', () => {
  it('mounts no toast region until the first toast, then shows it and the next ones', async () => {
    const { container } = render(
      <Providers queryClient={createQueryClient()} i18n={createI18n()} config={DEFAULT_CONFIG}>
        <p>Tela</p>
      </Providers>,
    );
    expect(toastsWanted()).toBe(false);
    expect(container.ownerDocument.querySelector('[data-sonner-toaster]')).toBeNull();

    act(() => toastSuccess('Turma criada.'));
    expect(await screen.findByText('Turma criada.')).toBeInTheDocument();
    expect(container.ownerDocument.querySelector('[data-sonner-toaster]')).not.toBeNull();

    act(() => toastError('Não foi possível salvar.'));
    expect(await screen.findByText('Não foi possível salvar.')).toBeInTheDocument();
  });
});
