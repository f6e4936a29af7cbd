import { beforeEach, describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { changeLanguage, createI18n } from '@/lib/i18n';
import { usePageTitle } from './page-title';

function Page({ titleKey }: { titleKey: string | null }) {
  usePageTitle(titleKey);
  return null;
}

describe('usePageTitle', () => {
  beforeEach(() => {
    localStorage.clear();
    document.title = 'before';
  });

  it('sets "<page> · Aprenda" in the current language and follows a language switch', async () => {
    const i18n = createI18n();
    render(
      <I18nextProvider i18n={i18n}>
        <Page titleKey="dashboard:tools.student.name" />
      </I18nextProvider>,
    );
    expect(document.title).toBe('Minhas Turmas · Aprenda');
    await act(() => changeLanguage('en', i18n));
    expect(document.title).toBe('My Classes · Aprenda');
    await act(() => changeLanguage('pt-BR', i18n));
    expect(document.title).toBe('Minhas Turmas · Aprenda');
  });

  it('changes with the page, and is just "Aprenda" without a key', () => {
    const i18n = createI18n();
    const { rerender } = render(
      <I18nextProvider i18n={i18n}>
        <Page titleKey="common:notFound.title" />
      </I18nextProvider>,
    );
    expect(document.title).toBe('Página não encontrada · Aprenda');
    rerender(
      <I18nextProvider i18n={i18n}>
        <Page titleKey={null} />
      </I18nextProvider>,
    );
    expect(document.title).toBe('Aprenda');
  });
});
