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

  it('services: no Kysely value, no engine branch, no Response (type imports are fine)', async () => {
    const service = `${server}/modules/classes/fixture.service.ts`;
    expect(
      await rulesFor(service, "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n"),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await rulesFor(
        service,
        "import type { Selectable } from 'kysely';\nexport type X = Selectable<{ a: string }>;\n",
      ),
    ).toEqual([]);
    expect(
      await rulesFor(
        service,
        "export const pg = (ctx: { db: { dialect: string } }) =>\n  ctx.db.dialect === 'postgres';\n",
      ),
    ).toContain('no-restricted-syntax');
    expect(await rulesFor(service, "export const r = () => new Response('x');\n")).toContain(
      'no-restricted-syntax',
    );
    expect(
      await rulesFor(
        `${server}/modules/classes/fixture.queries.ts`,
        "import { sql } from 'kysely';\nexport const pg = (db: { dialect: string }) =>\n  db.dialect === 'postgres' ? sql`select 1` : sql`select 2`;\n",
      ),
    ).toEqual([]);
  });

  it('below the routes nothing knows HTTP: queries, lib and db import no Hono', async () => {
    const code = "import type { Context } from 'hono';\nexport type X = Context;\n";
    for (const path of [
      `${server}/modules/classes/fixture.queries.ts`,
      `${server}/lib/fixture.ts`,
      `${server}/db/fixture.ts`,
    ]) {
      expect(await rulesFor(path, code)).toContain('@typescript-eslint/no-restricted-imports');
    }
    expect(await rulesFor(`${server}/modules/classes/fixture.routes.ts`, code)).toEqual([]);
    expect(await rulesFor(`${server}/middleware/fixture.ts`, code)).toEqual([]);
  });

  it('routes call services: no queries, no Kysely', async () => {
    const route = `${server}/modules/health/fixture.routes.ts`;
    expect(
      await rulesFor(route, "import { selectOne } from './health.queries.ts';\nvoid selectOne;\n"),
    ).toEqual(expect.arrayContaining(['@typescript-eslint/no-restricted-imports']));
    expect(
      await rulesFor(route, "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n"),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await rulesFor(
        route,
        "import { checkDatabase } from './health.service.ts';\nvoid checkDatabase;\n",
      ),
    ).toEqual([]);
  });

  it('middleware and the composition root use a module through its public entry (root: and routes)', async () => {
    const internal =
      "import { publicConfig } from '../modules/config/config.service.ts';\nvoid publicConfig;\n";
    expect(await rulesFor(`${server}/middleware/fixture.ts`, internal)).toContain(
      'import-x/no-restricted-paths',
    );
    expect(
      await rulesFor(
        `${server}/middleware/fixture.ts`,
        "import { posthogConfig } from '../modules/config/public.ts';\nvoid posthogConfig;\n",
      ),
    ).toEqual([]);
    expect(
      await rulesFor(
        `${server}/fixture.ts`,
        "import { publicConfig } from './modules/config/config.service.ts';\nvoid publicConfig;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await rulesFor(
        `${server}/fixture.ts`,
        "import { configRoutes } from './modules/config/config.routes.ts';\nvoid configRoutes;\n",
      ),
    ).toEqual([]);
  });

  it('a feature does not import a page; the server does not import the web', async () => {
    expect(
      await rulesFor(
        `${web}/features/chat/components/fixture.tsx`,
        "import { router } from '@/app/router';\nvoid router;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await rulesFor(
        `${server}/lib/fixture.ts`,
        "import { cn } from '../../../web/src/lib/utils.ts';\nvoid cn;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('the web cannot reach server code through a dynamic import either', async () => {
    expect(
      await rulesFor(
        `${web}/lib/fixture.ts`,
        "export const load = () => import('../../../server/src/app.ts');\n",
      ),
    ).toContain('no-restricted-syntax');
  });

  it('packages/shared imports nothing from Node, React or the apps', async () => {
    const path = 'packages/shared/src/fixture.ts';
    for (const code of [
      "import { readFileSync } from 'node:fs';\nvoid readFileSync;\n",
      "import { useState } from 'react';\nvoid useState;\n",
      "import { cn } from '../../../apps/web/src/lib/utils.ts';\nvoid cn;\n",
    ]) {
      expect(await rulesFor(path, code)).toContain('@typescript-eslint/no-restricted-imports');
    }
    expect(await rulesFor(path, "import { z } from 'zod';\nvoid z;\n")).toEqual([]);
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
