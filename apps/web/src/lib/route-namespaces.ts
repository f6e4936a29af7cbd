/**
 * What the dashboard shows around every tool — the shell (dashboard), the guard (errors) and the
 * e-mail verification notice (auth) — and the sign-in screens show: the build keeps these in one
 * file per language (scripts/first-paint-chunks.ts).
 */
export const SHELL_NAMESPACES = ['dashboard', 'errors', 'auth'] as const;

/**
 * Translation namespaces (besides "common", which every build carries) that a screen shows at its
 * first paint, by path. main.tsx fetches them together with the screen's code, so the screen does
 * not wait for them afterwards; a namespace missing here is still fetched when a component asks
 * for it (react-i18next suspends, lib/i18n.ts), only later. The first-load measurement
 * (scripts/first-load.ts) counts these catalogs. No imports: Node reads this file too.
 */
export function namespacesFor(pathname: string): string[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  const [, first = '', second = ''] = path.split('/');
  switch (first) {
    case '':
      return ['home'];
    case 'about':
      return ['about'];
    case 'auth':
      return ['auth', 'errors'];
    case 'convite':
      // Signed in with an unconfirmed e-mail, the invite offers to send the confirmation again
      // (auth): in the shell's catalogs file, which "errors" brings anyway.
      return ['classes', 'errors', 'auth'];
    case 'profile':
      // The profile is shown in the dashboard's shell, and its title is the user menu's entry.
      return ['profile', ...SHELL_NAMESPACES, 'classes'];
    case 'dashboard': {
      const shell: string[] = [...SHELL_NAMESPACES];
      if (second === 'student' || second === 'teacher') return [...shell, 'classes'];
      if (second === 'chat') return [...shell, 'chat'];
      if (second === 'flashcard') return [...shell, 'flashcards'];
      if (second === 'exercises') return [...shell, 'exercises', 'practice', 'assignments', 'sets'];
      if (second === 'adaptive') return [...shell, 'practice'];
      if (second === '') return [...shell, 'today'];
      if (second === 'metrics') return [...shell, 'metrics', 'charts'];
      if (second === 'analytics') return [...shell, 'analytics', 'charts'];
      if (second === 'whiteboard') return [...shell, 'whiteboard'];
      if (second === 'mermaid') return [...shell, 'diagrams'];
      return shell;
    }
    default:
      return [];
  }
}
