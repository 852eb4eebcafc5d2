import { defineConfig } from 'vitest/config';

/**
 * Test files that need the local AWS stack (DynamoDB Local on Java, S3, SES, the distributor
 * emulator): everything under functions/test, and the few beside their code that call
 * useTestStack(). useTestStack() fails with a pointer here when a file elsewhere calls it.
 */
const integration = [
  'functions/test/**/*.test.ts',
  'functions/src/handlers/components/components-api.test.ts',
  'functions/src/services/search/catalogue-search.test.ts',
  'scripts/ops/create-admin.test.ts',
  'scripts/test/stack.test.ts',
  'scripts/test/export-round-trip.test.ts',
];

const ignored = ['**/node_modules/**', 'cdk.out/**', 'web/dist/**', '.local/**'];

/**
 * Lanes: `unit` (pure logic and offline tests, no stack), `web` (the SPA's tests in jsdom), `cdk`
 * (the infrastructure synthesized and checked) and `integration` (against the local AWS stack,
 * started once for the run). `npm run test:unit` runs the first in seconds and `npm run test:web`
 * the second, both without Java; `npm test` runs them all.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Request logs are for operators; tests assert on answers.
    // The tests' catalogue keeps three languages, as the local one does.
    env: { POWERTOOLS_LOG_LEVEL: 'SILENT', CATALOGUE_LANGUAGES: 'en,de,fr' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{functions,shared,scripts}/**/*.test.ts'],
          exclude: [...ignored, ...integration],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          exclude: ignored,
          environment: 'jsdom',
          setupFiles: ['web/src/testing/setup.ts'],
        },
      },
      {
        // The CDK app synthesized in memory: offline, but each file takes tens of seconds.
        test: {
          name: 'cdk',
          include: ['infra/**/*.test.ts'],
          exclude: ignored,
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: integration,
          exclude: ignored,
          environment: 'node',
          // The local AWS stack (DynamoDB Local in memory, S3 and SES servers) starts once for the run.
          globalSetup: ['scripts/test/global-setup.ts'],
        },
      },
    ],
  },
});
