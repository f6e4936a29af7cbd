import { defineConfig } from 'vitest/config';

/** One `vitest run` for every workspace's unit tests (e2e is Playwright, separate). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      './apps/web/vite.config.ts',
      {
        // The architecture's lint rules, each proven on a fixture (eslint.config.js).
        test: {
          name: 'tooling',
          root: '.',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      // The fault suite (real server processes killed, starved and cut off): `npm run test:faults`.
      ...(process.env.APRENDA_FAULTS
        ? [
            {
              test: {
                name: 'faults',
                root: './apps/server',
                include: ['faults/**/*.test.ts'],
                environment: 'node',
                testTimeout: 120_000,
                hookTimeout: 60_000,
                // One case at a time: they load the machine and measure time.
                fileParallelism: false,
              },
            },
          ]
        : []),
    ],
  },
});
