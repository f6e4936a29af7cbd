import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The architecture's rules are lint rules (eslint.config.js); each one is proven to fire here on a
 * tiny fixture — and not to fire on the allowed form next to it. (Fixtures that use the web's `@/`
 * alias are linted under the path of a real file: the resolver maps aliases for project files.)
 */
const root = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const eslint = new ESLint({ cwd: root });

async function rulesFor(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const web = 'apps/web/src';
const server = 'apps/server/src';

describe('architecture lint rules', () => {
  it('a web feature does not import another feature', async () => {
    expect(
      await rulesFor(
        `${web}/features/chat/components/fixture.tsx`,
        "import { useClass } from '../../classes/api/classes';\nuseClass('x');\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await rulesFor(
        `${web}/features/chat/components/fixture.tsx`,
        "import { Button } from '@/components/ui/button';\nvoid Button;\n",
      ),
    ).toEqual([]);
  });

  it('shared components and lib do not import features', async () => {
    expect(
      await rulesFor(
        `${web}/components/ui/button.tsx`,
        "import { useClass } from '@/features/classes/api/classes';\nvoid useClass;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('the web imports only types from the server', async () => {
    expect(
      await rulesFor(
        `${web}/lib/fixture.ts`,
        "import { createApp } from '../../../server/src/app.ts';\nvoid createApp;\n",
      ),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await rulesFor(
        `${web}/lib/fixture.ts`,
        "import type { AppContext } from '../../../server/src/context.ts';\nexport type X = AppContext;\n",
      ),
    ).toEqual([]);
  });

  it('a server module uses another module only through its public entry', async () => {
    expect(
      await rulesFor(
        `${server}/modules/calendar/fixture.ts`,
        "import { classesRoutes } from '../classes/classes.routes.ts';\nvoid classesRoutes;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await rulesFor(
        `${server}/modules/calendar/fixture.ts`,
        "import { classAccess } from '../classes/public.ts';\nvoid classAccess;\n",
      ),
    ).toEqual([]);
  });

  it('services and queries do not import middleware; routes do', async () => {
    const code = "import { requireUser } from '../../middleware/session.ts';\nvoid requireUser;\n";
    expect(await rulesFor(`${server}/modules/classes/fixture.ts`, code)).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await rulesFor(`${server}/modules/classes/fixture.routes.ts`, code)).toEqual([]);
  });

  it('lib and db import neither middleware nor modules; context.ts is a leaf', async () => {
    expect(
      await rulesFor(
        `${server}/lib/fixture.ts`,
        "import { problemResponse } from '../middleware/errors.ts';\nvoid problemResponse;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await rulesFor(
        `${server}/db/fixture.ts`,
        "import { classAccess } from '../modules/classes/public.ts';\nvoid classAccess;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await rulesFor(
        `${server}/context.ts`,
        "import type { ClassAccess } from './modules/classes/public.ts';\nexport type X = ClassAccess;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('no default export in the apps', async () => {
    expect(await rulesFor(`${web}/lib/fixture.ts`, 'const x = 1;\nexport default x;\n')).toContain(
      'import-x/no-default-export',
    );
    expect(await rulesFor(`${server}/lib/fixture.ts`, 'export const x = 1;\n')).toEqual([]);
  });

  it('file names are kebab-case (migrations: number, then kebab-case)', async () => {
    expect(await rulesFor(`${web}/lib/BadName.ts`, 'export const x = 1;\n')).toContain(
      'check-file/filename-naming-convention',
    );
    expect(await rulesFor(`${server}/lib/bad_name.ts`, 'export const x = 1;\n')).toContain(
      'check-file/filename-naming-convention',
    );
    expect(
      await rulesFor(`${server}/db/migrations/0099_bad_name.ts`, 'export const x = 1;\n'),
    ).toContain('check-file/filename-naming-convention');
    expect(
      await rulesFor(`${server}/db/migrations/0099-good-name.ts`, 'export const x = 1;\n'),
    ).toEqual([]);
    expect(
      await rulesFor(`${server}/modules/classes/good-name.routes.ts`, 'export const x = 1;\n'),
    ).toEqual([]);
  });

  describe('no import cycle', () => {
    const dir = join(root, server, 'lib', 'lint-fixture-cycle');
    beforeAll(() => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, 'first.ts'),
        "import { b } from './second.ts';\nexport const a = () => b;\n",
      );
      writeFileSync(
        join(dir, 'second.ts'),
        "import { a } from './first.ts';\nexport const b = () => a;\n",
      );
      writeFileSync(join(dir, 'third.ts'), 'export const c = 1;\n');
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('fires on a cycle, not on a plain import', async () => {
      expect(
        await rulesFor(
          `${server}/lib/lint-fixture-cycle/first.ts`,
          "import { b } from './second.ts';\nexport const a = () => b;\n",
        ),
      ).toContain('import-x/no-cycle');
      expect(
        await rulesFor(
          `${server}/lib/lint-fixture-cycle/fourth.ts`,
          "import { c } from './third.ts';\nexport const d = () => c;\n",
        ),
      ).toEqual([]);
    });
  });
});
