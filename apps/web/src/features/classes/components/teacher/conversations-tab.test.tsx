import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { LinkedConversation } from '@aprenda/shared/schemas/conversations';
import { problem, reply, requestUrl, stubFetch } from '@/test/fetch-stub';
import { conversation } from '@/test/fixtures';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { ClassManage } from './class-manage';

const fetchMock = stubFetch();

const CLASS = {
  id: 'c1',
  title: 'Biologia 2º A',
  description: '',
  code: 'ABC234',
  join_by_code: true,
  owner_id: 't1',
  archived: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  role: 'teacher',
  teachers: [{ id: 't1', name: 'Helena' }],
  member_count: 3,
  upcoming_events: [],
};

function linked(id: string, title: string, extra: Partial<LinkedConversation> = {}) {
  return {
    ...conversation(id, title, {
      class_id: 'c1',
      class_title: CLASS.title,
      last_message_at: '2026-03-02T15:30:00.000Z',
    }),
    user_id: `u-${id}`,
    student_name: 'Lucas',
    readonly: true,
    ...extra,
  } satisfies LinkedConversation;
}

type Handler = (url: URL) => Response | Promise<Response>;

function serve(conversations: Handler) {
  fetchMock.mockImplementation(async (input) => {
    const url = requestUrl(input);
    if (url.pathname === '/api/classes/c1') return reply(CLASS);
    if (url.pathname === '/api/classes/c1/conversations') return conversations(url);
    return reply({ items: [], nextCursor: null });
  });
}

function setup(lang: 'pt-BR' | 'en' = 'pt-BR', entry = '/dashboard/teacher/c1?tab=conversations') {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[entry]}>
          <ClassManage classId="c1" />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { user };
}

const conversationCalls = () =>
  fetchMock.mock.calls
    .map(([input]) => requestUrl(input))
    .filter((url) => url.pathname === '/api/classes/c1/conversations');

describe('class management: Conversas tab', () => {
  it('opens from ?tab=conversations: loading, then student, title (or the fallback), activity and a link', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    serve(async () => {
      await gate;
      return reply({
        items: [
          linked('k1', 'Fotossíntese'),
          linked('k2', '', { student_name: 'Marina', last_message_at: null }),
        ],
        nextCursor: null,
      });
    });
    setup();
    const tab = await screen.findByRole('tab', { name: 'Conversas' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Carregando conversas...')).toBeInTheDocument();
    release();

    const link = await screen.findByRole('link', { name: 'Fotossíntese' });
    expect(link).toHaveAttribute('href', '/dashboard/chat/k1');
    const untitled = screen.getByRole('link', { name: 'Conversa sem título' });
    expect(untitled).toHaveAttribute('href', '/dashboard/chat/k2');
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Aluno(a): Lucas')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Aluno(a): Marina')).toBeInTheDocument();
    // Last activity in the viewer's zone (Intl); a conversation without messages uses created_at.
    const fmt = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'medium', timeStyle: 'short' });
    const first = within(rows[0]!).getByText(fmt.format(new Date('2026-03-02T15:30:00.000Z')));
    expect(first.tagName).toBe('TIME');
    expect(first).toHaveAttribute('datetime', '2026-03-02T15:30:00.000Z');
    expect(
      within(rows[1]!).getByText(fmt.format(new Date('2026-03-01T10:00:00.000Z'))),
    ).toBeInTheDocument();
    expect(screen.queryByText('Carregando conversas...')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it('is reached by clicking the tab (in English) and shows the empty state', async () => {
    serve(() => reply({ items: [], nextCursor: null }));
    const { user } = setup('en', '/dashboard/teacher/c1');
    const tab = await screen.findByRole('tab', { name: 'Conversations' });
    expect(conversationCalls()).toHaveLength(0);
    await user.click(tab);
    expect(await screen.findByText('No linked conversations')).toBeInTheDocument();
    expect(
      screen.getByText(
        'When a student links a tutor conversation to this class, it shows up here.',
      ),
    ).toBeInTheDocument();
    expect(conversationCalls()).toHaveLength(1);
  });

  it('says so when loading fails and tries again', async () => {
    let fail = true;
    serve(() =>
      fail
        ? problem(500, 'internal', 'x')
        : reply({ items: [linked('k1', 'Genética')], nextCursor: null }),
    );
    const { user } = setup();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar as conversas.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByRole('link', { name: 'Genética' })).toBeInTheDocument();
  });

  it('pages with "Carregar mais" using the cursor', async () => {
    serve((url) =>
      url.searchParams.get('cursor') === 'next-1'
        ? reply({ items: [linked('k3', 'Mitose')], nextCursor: null })
        : reply({
            items: [linked('k1', 'Fotossíntese'), linked('k2', 'Genética')],
            nextCursor: 'next-1',
          }),
    );
    const { user } = setup();
    await screen.findByRole('link', { name: 'Genética' });
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByRole('link', { name: 'Mitose' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
    expect(conversationCalls().map((u) => u.searchParams.get('cursor'))).toEqual([null, 'next-1']);
  });
});
