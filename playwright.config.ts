/**
 * Browser tests (`npm run test:e2e`, `-- -g <title filter>`): Playwright Test drives Debian's
 * Chromium through the journeys in e2e/ against local stacks started here (e2e/support/serve.ts).
 * See e2e/README.md.
 */
import { defineConfig } from '@playwright/test';
import { planStacks, STACK_NAMES, type StackName } from './e2e/support/stacks.ts';

const stacks = await planStacks();

export default defineConfig<object, { stackName: StackName }>({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  // Two cores are shared with the stacks and everything else on the machine.
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // A journey is a whole user story, on a machine that may be slow.
  timeout: 300_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    timezoneId: 'UTC',
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    ...STACK_NAMES.map((name) => ({
      name: `setup-${name}`,
      testMatch: /auth\.setup\.ts$/,
      use: { stackName: name },
    })),
    {
      name: 'journeys',
      testIgnore: /seeded\//,
      use: { stackName: 'shared' },
      dependencies: ['setup-shared'],
    },
    {
      name: 'seeded',
      testMatch: /seeded\/.*\.spec\.ts$/,
      use: { stackName: 'seeded' },
      dependencies: ['setup-seeded'],
    },
  ],
  webServer: STACK_NAMES.map((name) => ({
    name: `${name} stack`,
    command: `node_modules/.bin/tsx e2e/support/serve.ts ${name}`,
    url: `${stacks[name].origin}/app/`,
    // The first start on a machine downloads DynamoDB Local; a busy machine is slow.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
  })),
});
