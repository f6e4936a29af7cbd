import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { reviewOutbox } from '../api/reviews';
import { PendingReviews } from './pending-reviews';

const toastError = vi.fn();
vi.mock('@/lib/toast', () => ({ toastError: (m: string) => toastError(m) }));

function problem(status: number, code: string) {
  return new Response(JSON.stringify({ type: 'about:blank', title: 'x', status, code }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  toastError.mockClear();
  localStorage.clear();
});

async function rateRefusedWith(response: () => Response, userId: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response()),
  );
  localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <PendingReviews userId={userId} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  const box = reviewOutbox();
  await box.setUser(userId);
  await box.enqueueReview('d1', { id: `r-${userId}`, item_id: 'c1', rating: 3 } as never);
  await box.flush();
}

describe('a rating the server refuses for good', () => {
  it('on a card deleted meanwhile says the card was deleted, not "not found"', async () => {
    await rateRefusedWith(() => problem(404, 'not_found'), 'u-gone');
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        'Uma avaliação não foi salva: o cartão foi excluído (em outra aba, ou por quem fez o baralho).',
      ),
    );
  });

  it('for any other reason gives the reason', async () => {
    await rateRefusedWith(() => problem(400, 'validation_failed'), 'u-bad');
    await waitFor(() => expect(toastError).toHaveBeenCalledTimes(1));
    expect(toastError.mock.calls[0]![0]).toMatch(/^Uma avaliação não pôde ser salva: /);
  });
});
