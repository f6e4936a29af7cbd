import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ClassDetail } from '@aprenda/shared/schemas/classes';
import { Toaster } from '@/components/ui/sonner';
import { reply, serve, stubFetch } from '@/test/fetch-stub';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { withoutCodeSeparators as withoutSeparators } from '@aprenda/shared/schemas/classes';
import { JoinCodeDialog } from './join-code-dialog';

const fetchMock = stubFetch();

const CLASS: ClassDetail = {
  id: 'c1',
  title: 'Física',
  description: null,
  code: null,
  join_by_code: true,
  require_socratic: false,
  practice_target: 0.8,
  owner_id: 't1',
  archived: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  role: 'student',
  teachers: [{ id: 't1', name: 'Helena' }],
  member_count: 2,
  upcoming_events: [],
};

function setup(lang: 'pt-BR' | 'en' = 'pt-BR') {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/dashboard/student']}>
          <Routes>
            <Route
              path="/dashboard/student"
              element={<JoinCodeDialog open onOpenChange={() => {}} />}
            />
            <Route path="/dashboard/student/:id" element={<p>class page</p>} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return user;
}

function answering(alreadyMember: boolean) {
  const codes: unknown[] = [];
  serve(fetchMock, (url, init) => {
    if (url.pathname === '/api/classes/join') {
      codes.push((JSON.parse(String(init?.body)) as { code: unknown }).code);
      return reply({ ...CLASS, already_member: alreadyMember });
    }
    return reply({ items: [], nextCursor: null });
  });
  return codes;
}

describe('joining with a code', () => {
  it('reads "jcr zax" without the space (and any case) and says "you joined"', async () => {
    const codes = answering(false);
    const user = setup();
    await user.type(screen.getByLabelText('Código da turma'), 'jcr zax');
    await user.click(screen.getByRole('button', { name: 'Entrar na turma' }));
    expect(await screen.findByText('Você entrou na turma Física.')).toBeInTheDocument();
    expect(codes).toEqual(['JCRZAX']);
    expect(await screen.findByText('class page')).toBeInTheDocument();
  });

  it('reads "JCR-ZAX" without the dash; a class I am in already says so, not "you joined"', async () => {
    const codes = answering(true);
    const user = setup();
    await user.type(screen.getByLabelText('Código da turma'), 'JCR-ZAX');
    await user.click(screen.getByRole('button', { name: 'Entrar na turma' }));
    expect(await screen.findByText('Você já está na turma Física.')).toBeInTheDocument();
    expect(codes).toEqual(['JCRZAX']);
  });

  it('in English: "You are already in …"', async () => {
    answering(true);
    const user = setup('en');
    await user.type(screen.getByLabelText('Class code'), 'jcr – zax');
    await user.click(screen.getByRole('button', { name: 'Join class' }));
    expect(await screen.findByText('You are already in Física.')).toBeInTheDocument();
  });

  it('a code of separators only is still refused here, with nothing sent', async () => {
    const codes = answering(false);
    const user = setup();
    await user.type(screen.getByLabelText('Código da turma'), ' - - ');
    await user.click(screen.getByRole('button', { name: 'Entrar na turma' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(codes).toEqual([]);
  });

  it('withoutSeparators drops spaces and dashes only', () => {
    expect(withoutSeparators(' jcr zax ')).toBe('jcrzax');
    expect(withoutSeparators('JCR-ZAX')).toBe('JCRZAX');
    expect(withoutSeparators('JCR\u2013ZAX\u2014A\u2212B\tC')).toBe('JCRZAXABC');
    expect(withoutSeparators('JCR_ZAX.')).toBe('JCR_ZAX.');
  });
});
