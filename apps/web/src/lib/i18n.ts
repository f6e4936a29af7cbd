import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  LANGUAGES,
  type Language,
} from '@aprenda/shared/constants';
import { resources, NAMESPACES } from '@/locales/resources';

/** localStorage key that remembers the chosen interface language. */
export const LANGUAGE_STORAGE_KEY = 'aprenda.lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function rememberedLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // storage may be blocked; the default applies
  }
  return DEFAULT_LANGUAGE;
}

function applyHtmlLang(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

/**
 * i18next with bundled resources. Starts in pt-BR whatever the browser says (spec); only our own
 * remembered choice overrides it. English is the fallback. React escapes, so i18next does not.
 */
export function createI18n(): I18n {
  const instance = i18next.createInstance();
  const lng = rememberedLanguage();
  void instance.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  applyHtmlLang(lng);
  instance.on('languageChanged', (next) => {
    applyHtmlLang(next);
  });
  return instance;
}

export const i18n = createI18n();

/** Switch the interface language at once and remember it. */
export async function changeLanguage(lng: Language, instance: I18n = i18n): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // not remembered when storage is blocked
  }
  await instance.changeLanguage(lng);
}
