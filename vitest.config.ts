import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{functions,shared,scripts,infra,web}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'cdk.out/**', 'web/dist/**', '.local/**'],
    // The local AWS stack (DynamoDB Local in memory, S3 and SES servers) starts once for the run.
    globalSetup: ['scripts/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Request logs are for operators; tests assert on answers.
    env: { POWERTOOLS_LOG_LEVEL: 'SILENT' },
  },
});
