import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createI18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { LanguageSwitcher } from './language-switcher';

function Probe() {
  const { t } = useTranslation('common');
  return <p>{t('notFound.title')}</p>;
}

function renderWith(i18n = createI18n()) {
  render(
    <I18nextProvider i18n={i18n}>
      <LanguageSwitcher />
      <Probe />
    </I18nextProvider>,
  );
  return i18n;
}

describe('LanguageSwitcher', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.lang = 'xx';
  });

  it('starts in pt-BR whatever the browser says, labelled "Idioma"', () => {
    Object.defineProperty(navigator, 'language', { value: 'en-US', configurable: true });
    renderWith();
    const select = screen.getByRole('combobox', { name: 'Idioma' });
    expect(select).toHaveValue('pt-BR');
    expect(screen.getByRole('option', { name: 'Português' })).toHaveValue('pt-BR');
    expect(screen.getByRole('option', { name: 'English' })).toHaveValue('en');
    expect(screen.getByText('Página não encontrada')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('pt-BR');
  });

  it('switches at once, updates <html lang> and remembers the choice', async () => {
    renderWith();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Idioma' }), 'en');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    expect(screen.getByText('Page not found')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('uses the remembered choice on the next start', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    renderWith();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('ignores an unknown remembered value', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    renderWith();
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveValue('pt-BR');
  });
});
