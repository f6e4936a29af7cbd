import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

/** Folders directly under `dir` (modules of the server, features of the web). */
const folders = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/** Absolute paths: the zones' globs and exceptions are matched against resolved file paths. */
const ROOT = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '');
const SERVER = `${ROOT}/apps/server/src`;
const WEB = `${ROOT}/apps/web/src`;

/**
 * The architecture's boundaries (docs/architecture.md "Rules"), as import zones — each zone says
 * that files matching `target` may not import files matching `from` (unless `except`):
 * - a server module uses another module only through its public entry (`public.ts`);
 * - services, queries and libraries know nothing of HTTP: only `*.routes.ts` import `middleware/`;
 * - `lib/` and `db/` import no middleware and no module; `context.ts` (shared types) no module;
 * - a web feature never imports another feature (pages in `app/routes` compose them).
 * Each rule has a fixture test: scripts/lint-boundaries.test.ts.
 */
const serverModules = folders('./apps/server/src/modules/');
const webFeatures = folders('./apps/web/src/features/');
const boundaryZones = [
  ...serverModules.map((area) => ({
    target: `${SERVER}/modules/${area}/**`,
    from: `${SERVER}/modules/!(${area})/**`,
    except: [`${SERVER}/modules/*/public.ts`],
    message: `A module imports another module only through its public entry (modules/<area>/public.ts).`,
  })),
  {
    target: `${SERVER}/modules/**/!(*.routes|*.http).ts`,
    from: `${SERVER}/middleware/**`,
    message:
      'Only routes (*.routes.ts, and their *.http.ts helpers) deal with HTTP: services and queries never import middleware.',
  },
  {
    target: `${SERVER}/middleware/**`,
    from: `${SERVER}/modules/**`,
    except: [`${SERVER}/modules/*/public.ts`],
    message: 'Middleware uses a module only through its public entry (modules/<area>/public.ts).',
  },
  {
    target: `${SERVER}/*.ts`,
    from: `${SERVER}/modules/**`,
    except: [`${SERVER}/modules/*/public.ts`, `${SERVER}/modules/*/*.routes.ts`],
    message:
      'The composition root (app.ts, server.ts, …) mounts routes and uses public entries only.',
  },
  {
    target: `${SERVER}/modules/**/*.routes.ts`,
    from: `${SERVER}/modules/**/*.queries.ts`,
    message: 'Routes call services, not queries.',
  },
  {
    target: [`${SERVER}/lib/**`, `${SERVER}/db/**`],
    from: [`${SERVER}/middleware/**`, `${SERVER}/modules/**`],
    message: 'lib/ and db/ are below middleware and modules: they import neither.',
  },
  {
    target: `${SERVER}/context.ts`,
    from: [`${SERVER}/modules/**`, `${SERVER}/middleware/**`, `${SERVER}/@(app|server).ts`],
    message: 'context.ts is a leaf: shared types only, no module, middleware or app.',
  },
  ...webFeatures.map((feature) => ({
    target: `${WEB}/features/${feature}/**`,
    from: `${WEB}/features/!(${feature})/**`,
    message:
      'Features never import each other: compose them in app/routes, share through components/ or lib/.',
  })),
  {
    target: [`${WEB}/components/**`, `${WEB}/lib/**`],
    from: [`${WEB}/features/**`, `${WEB}/app/**`],
    message: 'components/ and lib/ are shared by features: they import no feature or page.',
  },
  {
    target: `${WEB}/features/**`,
    from: `${WEB}/app/**`,
    message: 'Pages in app/ compose features; a feature never imports a page or the router.',
  },
  {
    target: `${ROOT}/apps/server/**`,
    from: `${ROOT}/apps/web/**`,
    message: 'The server never imports the web app (shared code lives in packages/shared).',
  },
];

const NO_HTTP =
  'Only routes (*.routes.ts, *.http.ts) and middleware/ deal with HTTP: throw AppError(code) instead.';
const NO_RESPONSE = {
  selector: "NewExpression[callee.name='Response']",
  message: 'Only routes (and middleware/) build responses.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },

  // ---- Architecture, enforced (issue 10) ------------------------------------------------------
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse dependencies as TypeScript too (no-cycle follows them).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/web/tsconfig.json',
            'apps/server/tsconfig.json',
            'packages/shared/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Services hold the rules of their job: no Kysely (its queries hold it), no engine branch,
    // nothing of HTTP (they throw AppError codes; routes answer).
    files: ['apps/server/src/modules/**/*.service.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              allowTypeImports: true,
              message: 'Services call their queries (<job>.queries.ts); only types from kysely.',
            },
          ],
          patterns: [{ group: ['hono', 'hono/*', '@hono/*'], message: NO_HTTP }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='dialect']",
          message: 'Engine branches belong in queries (<job>.queries.ts), not in services.',
        },
        NO_RESPONSE,
      ],
    },
  },
  {
    // Below the routes nothing knows HTTP: queries, other module files, lib/ and db/.
    files: [
      'apps/server/src/modules/**/*.ts',
      'apps/server/src/lib/**/*.ts',
      'apps/server/src/db/**/*.ts',
    ],
    ignores: ['**/*.routes.ts', '**/*.http.ts', '**/*.service.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['hono', 'hono/*', '@hono/*'], message: NO_HTTP }] },
      ],
      'no-restricted-syntax': ['error', NO_RESPONSE],
    },
  },
  {
    // Routes are HTTP only: they call services, never queries or Kysely.
    files: ['apps/server/src/modules/**/*.routes.ts', 'apps/server/src/modules/**/*.http.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', message: 'Routes hold no SQL: call a service.' }],
          patterns: [{ group: ['**/*.queries.ts'], message: 'Routes call services, not queries.' }],
        },
      ],
    },
  },
  {
    // Named exports only in the apps (config files that tools load by default export aside).
    files: ['apps/**/*.{ts,tsx}'],
    ignores: ['apps/web/vite.config.ts'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-default-export': 'error' },
  },
  {
    // The web takes only types from the server; everything both need lives in packages/shared.
    files: ['apps/web/**/*.{ts,tsx}', 'packages/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/apps/server/**',
                '**/server/src/**',
                '@aprenda/server',
                '@aprenda/server/*',
              ],
              allowTypeImports: true,
              message: 'The web (and shared) may import only types from the server.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ImportExpression[source.value=/(apps\\/server|server\\/src|@aprenda\\/server)/]',
          message: 'The web (and shared) may import only types from the server.',
        },
      ],
    },
  },
  {
    // packages/shared is used by both ends: it imports nothing from Node, React, the DOM or the apps.
    files: ['packages/shared/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'node:*',
                'react',
                'react/*',
                'react-dom',
                'react-dom/*',
                '**/apps/**',
                '@aprenda/web',
                '@aprenda/server',
              ],
              message: 'packages/shared runs on both ends: no Node, React, DOM or app imports.',
            },
          ],
        },
      ],
    },
  },
  {
    // File names in kebab-case everywhere (a middle extension like `.routes` or `.test` is fine).
    files: [
      'apps/**/*.{ts,tsx}',
      'packages/**/*.ts',
      'e2e/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.{ts,mjs}',
    ],
    plugins: { 'check-file': checkFile },
    ignores: ['apps/server/src/db/migrations/0*.ts'],
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    // Migrations: a four-digit number, then kebab-case words.
    files: ['apps/server/src/db/migrations/0*.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.ts': '[0-9][0-9][0-9][0-9]-+([a-z0-9])*(-+([a-z0-9]))' },
      ],
    },
  },
);
