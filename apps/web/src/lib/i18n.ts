import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  LANGUAGES,
  type Language,
} from '@aprenda/shared/constants';
import enCommon from '@/locales/en/common.json';
import ptCommon from '@/locales/pt-BR/common.json';
import { namespacesFor } from './route-namespaces';

/** localStorage key that remembers the chosen interface language. */
export const LANGUAGE_STORAGE_KEY = 'aprenda.lang';

type Catalogs = Record<string, Record<string, ResourceKey>>;

/**
 * Catalogs every new instance starts with: "common" in both languages (the loading text, the
 * language names, the shell's texts), so the first "Carregando..." needs no fetch. The web tests
 * add every catalog here (vitest.setup.ts) so their components render at once.
 */
const bundled: Catalogs = { 'pt-BR': { common: ptCommon }, en: { common: enCommon } };

/**
 * Every other namespace of every language is a chunk of its own, fetched when the language in use
 * needs it: a first visit downloads only the Portuguese catalogs of the screen it opens.
 */
const loaders = import.meta.glob<ResourceKey>(
  ['../locales/*/*.json', '!../locales/*/common.json'],
  {
    import: 'default',
  },
);

function loaderFor(lng: string, ns: string): (() => Promise<ResourceKey>) | undefined {
  return loaders[`../locales/${lng}/${ns}.json`];
}

/**
 * Add catalogs that instances created from now on start with, and give them to the app's instance
 * too (the web tests register every catalog).
 */
export function bundleCatalogs(catalogs: Catalogs): void {
  for (const [lng, namespaces] of Object.entries(catalogs)) {
    bundled[lng] = { ...bundled[lng], ...namespaces };
  }
  lazyCatalogs.get(i18n)?.add(catalogs);
}

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
 * The lazy catalogs of one instance. i18next asks its backend for a namespace in the language in
 * use and in the fallback (English); only the language in use is fetched. The fallback gets an
 * empty placeholder, replaced by the real catalog when a key turns out to be missing (`heal`) or
 * when the user switches to that language (`prepare`).
 */
class LazyCatalogs {
  /** `lng|ns` pairs that hold their real catalog (not a placeholder). */
  private readonly complete = new Set<string>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly instance: I18n;

  constructor(instance: I18n, initial: Catalogs) {
    this.instance = instance;
    for (const [lng, namespaces] of Object.entries(initial)) {
      for (const ns of Object.keys(namespaces ?? {})) this.complete.add(`${lng}|${ns}`);
    }
  }

  /** Catalogs given whole (no fetch). */
  add(catalogs: Catalogs): void {
    for (const [lng, namespaces] of Object.entries(catalogs)) {
      for (const [ns, data] of Object.entries(namespaces ?? {})) {
        this.instance.addResourceBundle(lng, ns, data, true, true);
        this.complete.add(`${lng}|${ns}`);
      }
    }
  }

  readonly backend: BackendModule = {
    type: 'backend',
    callbackApi: false,
    init: () => undefined,
    read: ((lng: string, ns: string) => {
      const target =
        (this.instance as I18n & { isLanguageChangingTo?: string }).isLanguageChangingTo ??
        this.instance.language;
      const load = loaderFor(lng, ns);
      if (!load || lng !== target) return {};
      return load().then((data) => {
        this.complete.add(`${lng}|${ns}`);
        return data;
      });
    }) as unknown as BackendModule['read'],
  };

  /** Fetch the real catalog of `ns` in `lng` into the instance (once). */
  fill(lng: string, ns: string): Promise<void> {
    const id = `${lng}|${ns}`;
    if (this.complete.has(id)) return Promise.resolve();
    const load = loaderFor(lng, ns);
    if (!load) return Promise.resolve();
    let pending = this.inFlight.get(id);
    if (!pending) {
      pending = load()
        .then((data) => {
          this.complete.add(id);
          this.instance.addResourceBundle(lng, ns, data, true, true);
        })
        .finally(() => this.inFlight.delete(id));
      this.inFlight.set(id, pending);
    }
    return pending;
  }

  /**
   * Before switching to `lng`: the real catalogs of every namespace loaded so far, so the switch
   * shows the new language at once. Null when nothing is missing (the switch is synchronous then).
   */
  prepare(lng: string): Promise<unknown> | null {
    const namespaces = ([] as string[]).concat(this.instance.options.ns ?? []);
    const missing = namespaces.filter(
      (ns) => loaderFor(lng, ns) && !this.complete.has(`${lng}|${ns}`),
    );
    return missing.length ? Promise.all(missing.map((ns) => this.fill(lng, ns))) : null;
  }

  /**
   * A key was missing: its namespace may not be loaded in the language in use (a `t('ns:key')` for
   * a namespace the component did not declare), or the key falls back to English, whose catalog
   * is only a placeholder so far. Fetch what is needed; the store's "added" event re-renders.
   */
  async heal(ns: string, key: string): Promise<void> {
    const [active, ...fallbacks] = this.instance.languages ?? [];
    if (!active) return;
    try {
      if (!this.complete.has(`${active}|${ns}`)) {
        await this.fill(active, ns);
        if (this.instance.getResource(active, ns, key) !== undefined) return;
      }
      for (const lng of fallbacks) await this.fill(lng, ns);
    } catch {
      // offline: the key stays as it is until the next render asks again
    }
  }
}

const lazyCatalogs = new WeakMap<I18n, LazyCatalogs>();

/**
 * i18next with the catalogs fetched per language and namespace (`start`: those it starts with).
 * Starts in pt-BR whatever the browser says (spec); only our own remembered choice overrides it.
 * English is the fallback. React escapes, so i18next does not.
 */
export function createI18n(start: Catalogs = bundled): I18n {
  const instance = i18next.createInstance();
  const initial: Catalogs = Object.fromEntries(
    Object.entries(start).map(([lng, namespaces]) => [lng, { ...namespaces }]),
  );
  const catalogs = new LazyCatalogs(instance, initial);
  lazyCatalogs.set(instance, catalogs);
  const lng = rememberedLanguage();
  void instance
    .use(catalogs.backend)
    .use(initReactI18next)
    .init({
      resources: initial,
      partialBundledLanguages: true,
      lng,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: Object.keys(initial[lng] ?? { common: true }),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
      saveMissing: true,
      missingKeyHandler: (_lngs, ns, key) => {
        void catalogs.heal(ns, key);
      },
      // A text asked for without one of its variables would show "{{days}}" to the user: in the
      // tests that is an error, so that every such call fails where it is rendered.
      ...(import.meta.env.MODE === 'test'
        ? {
            missingInterpolationHandler: (text: string, value: unknown) => {
              throw new Error(`i18n: "${String((value as string[])[1])}" not given for "${text}"`);
            },
          }
        : {}),
      // Components re-render when a catalog arrives (a healed key, a namespace fetched late).
      react: { bindI18nStore: 'added' },
    });
  applyHtmlLang(lng);
  instance.on('languageChanged', (next) => {
    applyHtmlLang(next);
  });
  return instance;
}

export const i18n = createI18n();

/**
 * Fetch the catalogs a path shows at its first paint (route-namespaces.ts) in the language in use.
 * Resolves when they are in; never rejects (a component then asks again, or shows keys offline).
 */
export function loadNamespacesFor(pathname: string, instance: I18n = i18n): Promise<void> {
  return instance.loadNamespaces(namespacesFor(pathname)).catch(() => undefined);
}

/** Switch the interface language and remember it (after fetching its catalogs, if any are missing). */
export async function changeLanguage(lng: Language, instance: I18n = i18n): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // not remembered when storage is blocked
  }
  const pending = lazyCatalogs.get(instance)?.prepare(lng);
  if (pending) await pending.catch(() => undefined);
  await instance.changeLanguage(lng);
}
