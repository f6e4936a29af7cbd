import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { MasteryLevel, SkillHistoryEntry } from '@aprenda/shared/schemas/exercises';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { problem, reply, serve, stubFetch } from '@/test/fetch-stub';
import { MasteryPanel } from './mastery-panel';

const fetchMock = stubFetch();

const HISTORY: SkillHistoryEntry[] = [
  {
    answer_id: 'a2',
    item_id: 'i2',
    stem: 'Quanto é 7 × 8?',
    correct: false,
    ability_before: 0.4,
    ability_after: 0.1,
    created_at: '2026-11-24T12:00:00.000Z',
  },
  {
    answer_id: 'a1',
    item_id: 'i1',
    stem: 'Quanto é 2 + 2?',
    correct: true,
    ability_before: 0,
    ability_after: 0.4,
    created_at: '2026-11-24T11:59:00.000Z',
  },
];

function setup(change: { before: MasteryLevel | null; after: MasteryLevel | null } | null) {
  serve(fetchMock, (url) =>
    url.pathname === '/api/practice/skills/s1/history' ? reply(HISTORY) : problem(404, 'not_found'),
  );
  render(
    <I18nextProvider i18n={createI18n()}>
      <QueryClientProvider client={createQueryClient()}>
        <MasteryPanel
          skillId="s1"
          skillName="EF07MA18 · Equações do 1º grau"
          mastery={{
            skill_id: 's1',
            level: change?.after ?? 'familiar',
            ability: 0.1,
            answers: 2,
            success: 0.55,
          }}
          change={change}
        />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('MasteryPanel', () => {
  it('shows the level, the predicted success and the answers', () => {
    setup(null);
    expect(screen.getByTestId('mastery-level')).toHaveTextContent('Familiar');
    expect(screen.getByText('Chance de acerto: 55%')).toBeInTheDocument();
    expect(screen.getByText('2 respostas')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('announces a level going up', () => {
    setup({ before: 'familiar', after: 'proficient' });
    expect(screen.getByRole('status')).toHaveTextContent('Você subiu para Proficiente!');
  });

  it('says why a level dropped: the answers that moved it', async () => {
    setup({ before: 'proficient', after: 'familiar' });
    expect(screen.getByRole('status')).toHaveTextContent('Seu nível caiu para Familiar');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Por que mudou?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Por que mudou?' });
    const entries = await within(dialog).findAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Quanto é 7 × 8?');
    expect(entries[0]).toHaveTextContent('Errado');
    expect(entries[0]).toHaveTextContent('Nível desceu');
    expect(entries[1]).toHaveTextContent('Certo');
    expect(entries[1]).toHaveTextContent('Nível subiu');
  });

  it('dates each answer with the language\'s short time ("9:05 AM", not "09:05 AM")', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const at = new Date(2026, 10, 24, 9, 5);
    serve(fetchMock, (url) =>
      url.pathname === '/api/practice/skills/s1/history'
        ? reply([{ ...HISTORY[0]!, created_at: at.toISOString() }])
        : problem(404, 'not_found'),
    );
    render(
      <I18nextProvider i18n={createI18n()}>
        <QueryClientProvider client={createQueryClient()}>
          <MasteryPanel
            skillId="s1"
            skillName="Equations"
            mastery={{ skill_id: 's1', level: 'familiar', ability: 0.1, answers: 2, success: 0.55 }}
            change={{ before: 'proficient', after: 'familiar' }}
          />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Why did it change?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Why did it change?' });
    const [entry] = await within(dialog).findAllByRole('listitem');
    const time = entry!.querySelector('time')!;
    expect(time).toHaveAttribute('datetime', at.toISOString());
    expect(time.textContent).toMatch(/^Nov 24, 2026, 9:05\sAM$/);
  });
});
