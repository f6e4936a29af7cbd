import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { ItemDetail } from '@aprenda/shared/schemas/exercises';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { ItemRow } from './item-row';

const item = {
  id: 'i1',
  kind: 'numeric',
  stem: 'Resolva **agora**: $3x = 12$',
  skill_id: null,
  template: null,
  public: false,
  difficulty: 0,
  answer_count: 0,
} as unknown as ItemDetail;

describe('ItemRow (the question bank)', () => {
  it('names its actions button with the question read as words, not its maths source', () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <QueryClientProvider client={createQueryClient()}>
          <ul>
            <ItemRow item={item} onEdit={vi.fn()} onTry={vi.fn()} onDelete={vi.fn()} />
          </ul>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    expect(
      screen.getByRole('button', { name: 'Ações da questão “Resolva agora: 3x = 12”' }),
    ).toBeInTheDocument();
  });

  it('reads a LaTeX command in the name as its sign, not as "\\times" or "\\frac"', () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <QueryClientProvider client={createQueryClient()}>
          <ul>
            <ItemRow
              item={{ ...item, stem: 'Quanto é $3 \\times \\frac{1}{2}$?' }}
              onEdit={vi.fn()}
              onTry={vi.fn()}
              onDelete={vi.fn()}
            />
          </ul>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    expect(
      screen.getByRole('button', { name: 'Ações da questão “Quanto é 3 × 1/2?”' }),
    ).toBeInTheDocument();
  });
});
