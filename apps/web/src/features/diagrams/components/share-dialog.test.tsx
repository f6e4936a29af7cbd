import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { Diagram } from '@aprenda/shared/schemas/diagrams';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { ShareDialog } from './share-dialog';

const fetchMock = stubFetch();

const DIAGRAM: Diagram = {
  id: 'g1',
  title: 'Ciclo da água',
  description: 'A água circula.',
  code: 'flowchart TD\n  A --> B',
  owner: { id: 'u1', name: 'Prof' },
  access: 'owner',
  kind: 'flowchart',
  sharedWith: [{ id: 'c1', name: '7º A' }],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function klass(id: string, title: string) {
  return {
    id,
    title,
    description: null,
    code: null,
    owner_id: 'u1',
    role: 'teacher',
    teachers: [],
  };
}

describe('ShareDialog', () => {
  it('lists the classes I teach, checked where shared, and replaces the list on save', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
    const puts: unknown[] = [];
    serve(fetchMock, (url, init) => {
      if (url.pathname === '/api/classes/teaching') {
        return reply({ items: [klass('c1', '7º A'), klass('c2', '8º B')], nextCursor: null });
      }
      if (url.pathname === '/api/diagrams/g1/shares' && init?.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return reply({ ...DIAGRAM, sharedWith: [{ id: 'c2', name: '8º B' }] });
      }
      return problem(404, 'not_found');
    });
    const user = userEvent.setup();
    const closed: boolean[] = [];
    render(
      <I18nextProvider i18n={createI18n()}>
        <QueryClientProvider client={createQueryClient()}>
          <ShareDialog open onOpenChange={(open) => closed.push(!open)} diagram={DIAGRAM} />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const a = await screen.findByRole('checkbox', { name: '7º A' });
    const b = screen.getByRole('checkbox', { name: '8º B' });
    expect(a).toBeChecked();
    expect(b).not.toBeChecked();
    await user.click(a);
    await user.click(b);
    await user.click(screen.getByRole('button', { name: 'Salvar compartilhamento' }));
    await waitFor(() => expect(closed).toEqual([true]));
    expect(puts).toEqual([{ classIds: ['c2'] }]);
  });
});
