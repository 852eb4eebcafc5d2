import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientTimeouts } from '#lib/clients';
import { startFaultProxy, type FaultProxy } from '../test/fault-proxy.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './env.ts';
import { runStep, StartStepError } from './start-steps.ts';

describe('a step of npm start', () => {
  // A service that accepts the connection and never answers, as a DynamoDB Local stuck on a busy machine.
  let silent: FaultProxy;
  beforeAll(async () => {
    silent = await startFaultProxy('http://127.0.0.1:9');
    silent.set('hang');
  });
  afterAll(() => silent.close());

  it('answers what the work answers', async () => {
    await expect(runStep('Seeding', 'Run it again.', async () => 42)).resolves.toBe(42);
  });

  it('that timed out says which step, that a local service did not answer, and what to do', async () => {
    const client = new DynamoDBClient({
      endpoint: silent.endpoint,
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
      maxAttempts: 1,
      requestHandler: { ...clientTimeouts('dynamodb', {}), requestTimeout: 200 },
    });
    const failure = await runStep(
      'Seeding the demo catalogue',
      'Run `npm start` again: the seed continues where it stopped.',
      () => client.send(new ListTablesCommand({})),
    ).catch((error: unknown) => error);
    client.destroy();

    expect(failure).toBeInstanceOf(StartStepError);
    const error = failure as StartStepError;
    expect(error.name).toBe('StartStepError');
    expect(error.message).toMatch(
      /^Seeding the demo catalogue failed: a local service did not answer within 30 s, as happens when the machine is very busy \(.+\)\nRun `npm start` again: the seed continues where it stopped\.$/,
    );
    expect((error.cause as Error).name).toBe('TimeoutError');
  });

  it('that failed otherwise gives the failure in its own words', async () => {
    const failure = await runStep('Creating the administrator', 'Run `npm start` again.', async () => {
      throw new Error('ADMIN_PASSWORD does not meet the password rule');
    }).catch((error: unknown) => error);
    expect((failure as Error).message).toBe(
      'Creating the administrator failed: ADMIN_PASSWORD does not meet the password rule\nRun `npm start` again.',
    );
  });
});
