/** A class as the list shows it: `title` falls back to `name` (spec), then to "Turma". */
export interface ListedClass {
  id: string;
  title?: string | null;
  name?: string | null;
  description?: string | null;
}

/** The card title: title, else name, else the translated fallback ("Turma"). */
export function classTitle(klass: ListedClass, fallback: string): string {
  const title = klass.title?.trim();
  if (title) return title;
  const name = klass.name?.trim();
  if (name) return name;
  return fallback;
}

/** Lower case without accents: "Matemática" and "MATEMATICA" both become "matematica". */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase();
}

/**
 * Client-side filter of "Minhas Turmas": the text is trimmed (spec) and matched ignoring case
 * (spec) and accents on the title (or name) or the description. An empty filter keeps everything.
 */
export function filterClasses<T extends ListedClass>(classes: readonly T[], filter: string): T[] {
  const needle = foldText(filter.trim());
  if (!needle) return [...classes];
  return classes.filter((c) =>
    [c.title, c.name, c.description].some((v) => foldText(v ?? '').includes(needle)),
  );
}
