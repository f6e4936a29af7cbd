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
import { RequireSocraticSetting } from './require-socratic-setting';

const fetchMock = stubFetch();

const CLASS: ClassDetail = {
  id: 'c1',
  title: 'Biologia 2º A',
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
        <RequireSocraticSetting klass={klass} />
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return user;
}

describe('RequireSocraticSetting', () => {
  it('turns the requirement on (PUT /classes/{id}) and confirms with a toast', async () => {
    const bodies: unknown[] = [];
    serve(fetchMock, (url, init) => {
      if (init?.method === 'PUT' && url.pathname === '/api/classes/c1') {
        bodies.push(JSON.parse(String(init.body)));
        return reply({ ...CLASS, require_socratic: true });
      }
      return reply(CLASS);
    });
    const user = setup(CLASS);
    const toggle = screen.getByRole('switch', { name: 'Exigir o modo socrático' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription(/sempre o modo socrático/);
    expect(screen.getByText('Os alunos escolhem o modo do tutor.')).toBeInTheDocument();
    await user.click(toggle);
    expect(
      await screen.findByText('Modo socrático exigido nas conversas da turma'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ require_socratic: true }]);
  });

  it('says why it failed (English), and shows the current state', async () => {
    serve(fetchMock, () => problem(403, 'forbidden'));
    const user = setup({ ...CLASS, require_socratic: true }, 'en');
    const toggle = screen.getByRole('switch', { name: 'Require Socratic mode' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText("Required in this class's conversations.")).toBeInTheDocument();
    await user.click(toggle);
    expect(await screen.findByText('You are not allowed to do that.')).toBeInTheDocument();
  });
});
