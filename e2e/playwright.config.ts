import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './fixtures/env.ts';

/**
 * Browser tests in the system Chromium (never downloaded). The global setup builds the web app
 * when needed, starts a fake PostHog capture server and `node apps/server/src/server.ts` on a free
 * port with a throw-away SQLite file (or E2E_DATABASE_URL), and tears both down afterwards.
 */
/**
 * `E2E_SPECS=postgres` (set by `.ci/run` for its second run, on PostgreSQL) runs only the journeys
 * that write through engine-specific queries; the whole suite runs on SQLite (decision 0030).
 * The server suites run every query on both engines, so this run proves the wiring, not the SQL.
 */
const postgresSpecs = [
  '**/journey.spec.ts',
  '**/classes-roles.spec.ts',
  '**/chat.spec.ts',
  '**/flashcards.spec.ts',
  '**/assignments-student.spec.ts',
  '**/practice.spec.ts',
  '**/class-analytics.spec.ts',
  '**/whiteboard.spec.ts',
  '**/diagrams.spec.ts',
];

export default defineConfig({
  testDir: './specs',
  ...(process.env.E2E_SPECS === 'postgres' ? { testMatch: postgresSpecs } : {}),
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [
        ['list'],
        ['json', { outputFile: process.env.E2E_JSON_REPORT ?? 'test-results/results.json' }],
      ]
    : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    locale: 'pt-BR',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
