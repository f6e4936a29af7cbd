import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { ClassDetail } from '@aprenda/shared/schemas/classes';
import { Toaster } from '@/components/ui/sonner';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { PracticeTargetSetting } from './practice-target-setting';

const fetchMock = stubFetch();

const CLASS: ClassDetail = {
  id: 'c1',
  title: 'Matemática 7º B',
  description: null,
  code: 'ABC234',
  join_by_code: true,
  require_socratic: false,
  practice_target: 0.8,
  owner_id: 't1',
  archived: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  role: 'teacher',
  teachers: [{ id: 't1', name: 'Helena' }],
  member_count: 3,
  upcoming_events: [],
};

function setup(klass: ClassDetail, lang: 'pt-BR' | 'en' = 'pt-BR') {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <PracticeTargetSetting klass={klass} />
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return user;
}

describe('PracticeTargetSetting', () => {
  it('shows the class target and saves another (PUT /classes/{id}) with a toast', async () => {
    const bodies: unknown[] = [];
    serve(fetchMock, (url, init) => {
      if (init?.method === 'PUT' && url.pathname === '/api/classes/c1') {
        bodies.push(JSON.parse(String(init.body)));
        return reply({ ...CLASS, practice_target: 0.9 });
      }
      return reply(CLASS);
    });
    const user = setup(CLASS);
    const select = screen.getByRole('combobox', { name: 'Acerto esperado' });
    expect(select).toHaveValue('0.8');
    expect(screen.getByRole('option', { name: '80% de acerto (padrão)' })).toBeInTheDocument();
    await user.selectOptions(select, '0.9');
    expect(
      await screen.findByText('A prática da turma agora mira 90% de acerto'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ practice_target: 0.9 }]);
  });

  it('says why it failed, in English', async () => {
    serve(fetchMock, () => problem(403, 'forbidden'));
    const user = setup({ ...CLASS, practice_target: 0.7 }, 'en');
    const select = screen.getByRole('combobox', { name: 'Expected success' });
    expect(select).toHaveValue('0.7');
    await user.selectOptions(select, '0.85');
    expect(await screen.findByText('You are not allowed to do that.')).toBeInTheDocument();
  });
});
