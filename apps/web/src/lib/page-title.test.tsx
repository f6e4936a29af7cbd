import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
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
    document.getElementById('page-announcer')?.remove();
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

  describe('arriving at another page', () => {
    function Screen({ titleKey, field }: { titleKey: string; field?: boolean }) {
      usePageTitle(titleKey);
      return (
        <main>
          <h1>{titleKey}</h1>
          {field ? <input aria-label="campo" /> : null}
        </main>
      );
    }
    const i18n = createI18n();
    const at = (path: string, titleKey: string, field = false) => (
      <I18nextProvider i18n={i18n}>
        <Screen key={path} titleKey={titleKey} field={field} />
      </I18nextProvider>
    );

    it('the first page and a language switch say nothing', async () => {
      vi.resetModules();
      const fresh = await import('./page-title');
      function First() {
        fresh.usePageTitle('dashboard:tools.student.name');
        return null;
      }
      window.history.pushState(null, '', '/primeira');
      render(
        <I18nextProvider i18n={i18n}>
          <First />
        </I18nextProvider>,
      );
      await act(() => changeLanguage('en', i18n));
      await act(() => changeLanguage('pt-BR', i18n));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(document.title).toBe('Minhas Turmas · Aprenda');
      expect(screen.queryByRole('status')).toBeNull();
    });

    it('reads the new title out and gives lost focus to its heading', async () => {
      window.history.pushState(null, '', '/segunda');
      const { rerender } = render(at('/segunda', 'dashboard:tools.student.name'));
      // A link inside the old page took focus with it: focus is on <body>.
      (document.activeElement as HTMLElement | null)?.blur();
      window.history.pushState(null, '', '/terceira');
      rerender(at('/terceira', 'common:notFound.title'));
      expect(document.title).toBe('Página não encontrada · Aprenda');
      await waitFor(() =>
        expect(screen.getByRole('status')).toHaveTextContent('Página não encontrada · Aprenda'),
      );
      const heading = screen.getByRole('heading', { level: 1 });
      expect(heading).toHaveFocus();
      expect(heading).toHaveAttribute('tabindex', '-1');
    });

    it('focus the user or the page put somewhere stays there', async () => {
      window.history.pushState(null, '', '/quarta');
      const { rerender } = render(at('/quarta', 'dashboard:tools.student.name', true));
      screen.getByRole('textbox', { name: 'campo' }).focus();
      window.history.pushState(null, '', '/quinta');
      rerender(
        <I18nextProvider i18n={i18n}>
          <Screen key="/quarta" titleKey="common:notFound.title" field />
        </I18nextProvider>,
      );
      await waitFor(() =>
        expect(screen.getByRole('status')).toHaveTextContent('Página não encontrada · Aprenda'),
      );
      expect(screen.getByRole('textbox', { name: 'campo' })).toHaveFocus();
    });
  });
});
