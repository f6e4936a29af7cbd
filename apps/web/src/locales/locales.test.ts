import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@aprenda/shared/errors';
import { LANGUAGES } from '@aprenda/shared/constants';
import { createI18n } from '@/lib/i18n';
import { NAMESPACES, resources } from './resources';

const files = import.meta.glob<{ default: unknown }>('./*/*.json', { eager: true });

/** Flatten nested catalogs to dotted keys → value. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      for (const [kk, vv] of flatten(v, prefix ? `${prefix}.${k}` : k)) out.set(kk, vv);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

function namespacesOn(lang: string): string[] {
  return Object.keys(files)
    .filter((p) => p.startsWith(`./${lang}/`))
    .map((p) => p.slice(`./${lang}/`.length, -'.json'.length))
    .sort();
}

describe('locales', () => {
  it('names each kind of question the same in the question editor and in the lists', () => {
    for (const lang of LANGUAGES) {
      const kinds = (ns: string) =>
        (files[`./${lang}/${ns}.json`]?.default as { kinds: Record<string, string> }).kinds;
      expect(kinds('sets'), lang).toEqual(kinds('exercises'));
    }
  });

  it('has the same namespace files for every language, all registered', () => {
    const pt = namespacesOn('pt-BR');
    expect(pt).toEqual([...NAMESPACES].sort());
    for (const lang of LANGUAGES) expect(namespacesOn(lang)).toEqual(pt);
  });

  it('registers exactly the files on disk', () => {
    for (const lang of LANGUAGES) {
      for (const ns of NAMESPACES) {
        expect(resources[lang][ns]).toEqual(files[`./${lang}/${ns}.json`]?.default);
      }
    }
  });

  for (const ns of NAMESPACES) {
    it(`namespace "${ns}" has the same keys in pt-BR and en, none empty`, () => {
      const pt = flatten(files[`./pt-BR/${ns}.json`]?.default);
      const en = flatten(files[`./en/${ns}.json`]?.default);
      expect([...en.keys()].sort()).toEqual([...pt.keys()].sort());
      for (const [key, value] of [...pt, ...en]) {
        expect(typeof value, `${ns}:${key}`).toBe('string');
        expect((value as string).trim(), `${ns}:${key}`).not.toBe('');
      }
    });

    it(`namespace "${ns}" uses the same interpolation variables in both languages`, () => {
      const pt = flatten(files[`./pt-BR/${ns}.json`]?.default);
      const en = flatten(files[`./en/${ns}.json`]?.default);
      const vars = (s: unknown) =>
        [...String(s).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
      for (const [key, value] of pt) expect(vars(en.get(key)), `${ns}:${key}`).toEqual(vars(value));
    });
  }

  it('leaves no English sentence in the Portuguese catalogs', () => {
    // The same text in both on purpose: the spec keeps "Session expired" in English in both
    // languages, and these are only placeholders and symbols.
    const same = new Set([
      'chat:toast.sessionExpired',
      'common:sessionExpired',
      'classes:student.id',
      'common:pageTitle',
      'metrics:activity.answersCount_one',
      'metrics:heatmap.bestCell',
      'today:cards.deckHint',
    ]);
    const left: string[] = [];
    for (const ns of NAMESPACES) {
      const pt = flatten(files[`./pt-BR/${ns}.json`]?.default);
      for (const [key, value] of flatten(files[`./en/${ns}.json`]?.default)) {
        const words = String(value).trim().split(/\s+/).length;
        if (words >= 2 && pt.get(key) === value && !same.has(`${ns}:${key}`)) {
          left.push(`${ns}:${key}`);
        }
      }
    }
    expect(left).toEqual([]);
  });

  it('shows no half-made placeholder ("Erros de {lista}" read as a broken text)', () => {
    // A lone word in single braces, not a LaTeX argument (`\frac{x}{2}`) or i18next's `{{var}}`.
    const stray = /(?<![\w{\\])\{[\p{L}]+\}(?!\})/u;
    for (const lang of LANGUAGES) {
      for (const ns of NAMESPACES) {
        for (const [key, value] of flatten(files[`./${lang}/${ns}.json`]?.default)) {
          expect(String(value), `${lang} ${ns}:${key}`).not.toMatch(stray);
        }
      }
    }
  });

  it('never says "0 questão": pt-BR puts 0 in the singular, so each count in words has a _zero', () => {
    expect(new Intl.PluralRules('pt-BR').select(0)).toBe('one');
    for (const ns of NAMESPACES) {
      const pt = flatten(files[`./pt-BR/${ns}.json`]?.default);
      for (const [key, value] of pt) {
        if (!key.endsWith('_one') || !String(value).includes('{{count')) continue;
        expect(pt.has(`${key.slice(0, -'_one'.length)}_zero`), `pt-BR ${ns}:${key}`).toBe(true);
      }
    }
  });

  it('words a count of one in the singular ("1 usos", "1 de 1 tentativas", "1 cópias" were shown)', async () => {
    const i18n = createI18n();
    await i18n.loadNamespaces(['classes', 'assignments', 'whiteboard']);
    const say = (lng: string, key: string, options: Record<string, unknown>) =>
      i18n.t(key, { lng, ...options });
    expect(say('pt-BR', 'classes:invites.uses', { uses: 1, count: 1 })).toBe('1 de 1 uso');
    expect(say('pt-BR', 'classes:invites.uses', { uses: 1, count: 30 })).toBe('1 de 30 usos');
    expect(say('pt-BR', 'classes:invites.usesUnlimited', { count: 1 })).toBe('1 uso (sem limite)');
    expect(say('en', 'classes:invites.usesUnlimited', { count: 1 })).toBe('1 use (no limit)');
    expect(say('pt-BR', 'assignments:list.attempts', { used: 1, count: 1 })).toBe(
      '1 de 1 tentativa',
    );
    expect(say('en', 'assignments:list.attempts', { used: 0, count: 3 })).toBe('0 of 3 attempts');
    expect(say('pt-BR', 'whiteboard:classroom.copiesOf', { class: '9º A', count: 1 })).toBe(
      '9º A: 1 cópia',
    );
    expect(say('en', 'whiteboard:classroom.copiesOf', { class: '9A', count: 2 })).toBe(
      '9A: 2 copies',
    );
  });

  it('translates every error code in both languages', () => {
    for (const lang of LANGUAGES) {
      const errors = resources[lang].errors as Record<string, string>;
      for (const code of ERROR_CODES) {
        expect(errors[code], `${lang} errors:${code}`).toEqual(expect.any(String));
        expect(errors[code]?.trim()).not.toBe('');
      }
    }
  });

  it('words every retry button the same way across the app', () => {
    const wording: Record<string, string> = { 'pt-BR': 'Tentar de novo', en: 'Try again' };
    for (const lang of LANGUAGES) {
      for (const ns of NAMESPACES) {
        for (const [key, value] of flatten(files[`./${lang}/${ns}.json`]?.default)) {
          if (/(^|\.)(retry|retryLabel)$/.test(key)) {
            expect(value, `${lang} ${ns}:${key}`).toBe(wording[lang]);
          }
        }
      }
    }
  });

  it('keeps the UI-contract texts', () => {
    expect(resources['pt-BR'].common.loading).toBe('Carregando...');
    expect(resources['pt-BR'].common.language).toBe('Idioma');
    expect(resources.en.common.language).toBe('Language');
    expect(resources['pt-BR'].dashboard.nav.label).toBe('Ferramentas');
    expect(resources['pt-BR'].dashboard.tools.student.name).toBe('Minhas Turmas');
    expect(resources['pt-BR'].common.notFound.title).toBe('Página não encontrada');
  });
});
