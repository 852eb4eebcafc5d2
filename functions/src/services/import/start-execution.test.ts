import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetConfig } from '#lib/config';
import { startExecution } from './imports';

const sfn = mockClient(SFNClient);
const MACHINE = 'arn:aws:states:eu-central-1:123456789012:stateMachine:ImportJobs';

/** The error Step Functions answers when an execution of that name exists. */
const alreadyExists = () =>
  Object.assign(new Error(`Execution Already Exists: '${MACHINE}:01ABC-preview-1'`), {
    name: 'ExecutionAlreadyExists',
  });

beforeEach(() => {
  sfn.reset();
  process.env.TABLE_NAME = 'offline';
  process.env.IMPORT_JOBS_STATE_MACHINE_ARN = MACHINE;
  resetConfig();
});
afterEach(() => {
  delete process.env.TABLE_NAME;
  delete process.env.IMPORT_JOBS_STATE_MACHINE_ARN;
  resetConfig();
});

describe('starting an import step', () => {
  it('answers the execution it started', async () => {
    sfn.on(StartExecutionCommand).resolves({ executionArn: `${MACHINE}-x`, startDate: new Date() });
    expect(await startExecution('01ABC-preview-1', { importId: '01ABC' })).toBe(`${MACHINE}-x`);
    expect(sfn.commandCalls(StartExecutionCommand)[0]!.args[0].input).toMatchObject({ name: '01ABC-preview-1' });
  });

  it('takes an execution of its own name as started (a retried start whose first attempt went through)', async () => {
    sfn.on(StartExecutionCommand).rejects(alreadyExists());
    expect(await startExecution('01ABC-preview-1', { importId: '01ABC' })).toBe(
      'arn:aws:states:eu-central-1:123456789012:execution:ImportJobs:01ABC-preview-1',
    );
  });

  it('passes on any other failure', async () => {
    sfn.on(StartExecutionCommand).rejects(Object.assign(new Error('throttled'), { name: 'ThrottlingException' }));
    await expect(startExecution('01ABC-preview-1', {})).rejects.toThrow('throttled');
  });
});
