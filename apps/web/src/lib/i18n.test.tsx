import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Suspense } from 'react';
import enCommon from '@/locales/en/common.json';
import enHome from '@/locales/en/home.json';
import ptAuth from '@/locales/pt-BR/auth.json';
import ptCommon from '@/locales/pt-BR/common.json';
import ptHome from '@/locales/pt-BR/home.json';
import enAuth from '@/locales/en/auth.json';
import { changeLanguage, createI18n, LANGUAGE_STORAGE_KEY, loadNamespacesFor } from './i18n';

/** What the app starts with: "common" in both languages, every other catalog fetched. */
const startCatalogs = () => ({ 'pt-BR': { common: ptCommon }, en: { common: enCommon } });

describe('i18n: catalogs per language and namespace', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('starts in pt-BR with "Carregando..." at hand and no other catalog', () => {
    const i18n = createI18n(startCatalogs());
    expect(i18n.language).toBe('pt-BR');
    expect(i18n.t('common:loading')).toBe('Carregando...');
    expect(i18n.hasResourceBundle('pt-BR', 'auth')).toBe(false);
    expect(i18n.hasResourceBundle('en', 'auth')).toBe(false);
  });

  it('fetches the Portuguese catalogs of a screen, not the English ones', async () => {
    const i18n = createI18n(startCatalogs());
    await loadNamespacesFor('/auth', i18n);
    expect(i18n.t('auth:title')).toBe(ptAuth.title);
    expect(i18n.getResource('pt-BR', 'errors', 'unavailable')).toEqual(expect.any(String));
    // English is the fallback, but nothing of it was fetched.
    expect(i18n.getResource('en', 'auth', 'title')).toBeUndefined();
    expect(i18n.getResource('en', 'errors', 'unavailable')).toBeUndefined();
  });

  it('switching to English fetches its catalogs of what is loaded first, then switches', async () => {
    const i18n = createI18n(startCatalogs());
    await loadNamespacesFor('/auth', i18n);
    await changeLanguage('en', i18n);
    expect(i18n.language).toBe('en');
    expect(i18n.t('auth:title')).toBe(enAuth.title);
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    await changeLanguage('pt-BR', i18n);
    expect(i18n.t('auth:title')).toBe(ptAuth.title);
  });

  it('a remembered English loads English catalogs only', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const i18n = createI18n(startCatalogs());
    await loadNamespacesFor('/', i18n);
    expect(i18n.t('home:hero.title')).toBe(enHome.hero.title);
    expect(i18n.getResource('pt-BR', 'home', 'hero.title')).toBeUndefined();
  });

  it('falls back to English for a key the Portuguese catalog lacks (fetched when missed)', async () => {
    const { title: _missing, ...heroWithoutTitle } = ptHome.hero;
    const i18n = createI18n({
      'pt-BR': { common: ptCommon, home: { ...ptHome, hero: heroWithoutTitle } },
      en: { common: enCommon },
    });
    await loadNamespacesFor('/', i18n);
    expect(i18n.t('home:hero.lead')).toBe(ptHome.hero.lead);
    i18n.t('home:hero.title'); // missed: English is fetched
    await waitFor(() => expect(i18n.t('home:hero.title')).toBe(enHome.hero.title));
    expect(i18n.t('home:hero.lead')).toBe(ptHome.hero.lead);
  });

  it('a component that asks for a catalog not loaded yet waits for it (Suspense), then shows it', async () => {
    const i18n = createI18n(startCatalogs());
    function Title() {
      const { t } = useTranslation('home');
      return <h1>{t('hero.title')}</h1>;
    }
    render(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<p>{i18n.t('common:loading')}</p>}>
          <Title />
        </Suspense>
      </I18nextProvider>,
    );
    expect(screen.getByText('Carregando...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: ptHome.hero.title })).toBeInTheDocument();
    expect(i18n.getResource('en', 'home', 'hero.title')).toBeUndefined();
  });
});
