/**
 * A local stand-in for AWS Step Functions, for the jobs stack's state machines (image batches
 * and Excel imports).
 *
 * The definition is the one the CDK jobs stack synthesizes: the stack is built in memory (no
 * bundling), the state machine's DefinitionString resolved, and each task's Lambda ARN traced
 * back to its module under functions/src/jobs. `aws-local-stepfunctions` runs it, each Task state
 * calling that module's `handler` in this process (so the tasks see the same environment as the
 * API handlers: the local table, bucket and distributor emulator).
 *
 * It listens on loopback and speaks the Step Functions JSON protocol for the calls the app makes
 * (StartExecution, DescribeExecution, StopExecution), so the API's code is the code that runs on
 * AWS: it reads IMAGE_BATCH_STATE_MACHINE_ARN, IMPORT_JOBS_STATE_MACHINE_ARN and
 * AWS_ENDPOINT_URL_SFN, which `functionEnv` points here.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { StateMachine } from 'aws-local-stepfunctions';
import { LOOPBACK } from './ports.ts';

const ACCOUNT_ID = '000000000000';
const REGION = 'us-east-1';
/** The state machines run here, by their local name. */
export const localStateMachines = ['ImageBatches', 'ImportJobs'] as const;
export type LocalStateMachineName = (typeof localStateMachines)[number];
const stateMachineArnOf = (name: LocalStateMachineName) =>
  `arn:aws:states:${REGION}:${ACCOUNT_ID}:stateMachine:${name}`;
export const LOCAL_STATE_MACHINE_ARN = stateMachineArnOf('ImageBatches');
export const LOCAL_IMPORT_STATE_MACHINE_ARN = stateMachineArnOf('ImportJobs');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type StateDefinition = {
  Type: string;
  Resource?: string;
  States?: Record<string, StateDefinition>;
  ItemProcessor?: { States: Record<string, StateDefinition> };
  Iterator?: { States: Record<string, StateDefinition> };
};
export interface LocalDefinition {
  /** The Amazon States Language definition, as deployed. */
  definition: { StartAt: string; States: Record<string, StateDefinition> };
  /** Task state name -> module under functions/src/jobs. */
  tasks: Record<string, string>;
}

const functionArn = (logicalId: string) => `arn:aws:lambda:${REGION}:${ACCOUNT_ID}:function:${logicalId}`;

/** Fn::Join / Fn::GetAtt / Ref as CloudFormation would fill them in, with local names. */
const renderIntrinsic = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if ('Fn::Join' in record) {
      const [separator, parts] = record['Fn::Join'] as [string, unknown[]];
      return parts.map(renderIntrinsic).join(separator);
    }
    if ('Fn::GetAtt' in record) {
      const [logicalId, attribute] = record['Fn::GetAtt'] as [string, string];
      if (attribute === 'Arn') return functionArn(logicalId);
    }
    if ('Ref' in record) {
      const ref = record.Ref as string;
      const pseudo: Record<string, string> = {
        'AWS::Partition': 'aws',
        'AWS::Region': REGION,
        'AWS::AccountId': ACCOUNT_ID,
        'AWS::URLSuffix': 'amazonaws.com',
      };
      if (pseudo[ref]) return pseudo[ref];
    }
  }
  throw new Error(`Cannot render ${JSON.stringify(value)} in the state machine definition locally`);
};

const forEachState = (
  states: Record<string, StateDefinition>,
  visit: (name: string, state: StateDefinition) => void,
): void => {
  for (const [name, state] of Object.entries(states)) {
    visit(name, state);
    const nested = state.ItemProcessor?.States ?? state.Iterator?.States;
    if (nested) forEachState(nested, visit);
  }
};

/** The jobs stack's state machine definitions, synthesized now from the CDK constructs. */
export const synthesizeLocalDefinitions = async (): Promise<Record<LocalStateMachineName, LocalDefinition>> => {
  const [{ App, Stack }, { Table }, { Bucket }, { JobsStack }] = await Promise.all([
    import('aws-cdk-lib'),
    import('aws-cdk-lib/aws-dynamodb'),
    import('aws-cdk-lib/aws-s3'),
    import('../../infra/stacks/jobs-stack.ts'),
  ]);
  // No bundling: only the definition is wanted.
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const shared = new Stack(app, 'LocalData');
  const stack = new JobsStack(app, 'LocalJobs', {
    table: Table.fromTableName(shared, 'Table', 'local'),
    attachmentsBucket: Bucket.fromBucketName(shared, 'Bucket', 'local'),
  });
  const logicalIdOf = (construct: { node: { defaultChild?: unknown } }) =>
    stack.resolve((construct.node.defaultChild as { logicalId: string }).logicalId) as string;
  const jobByArn = new Map<string, string>(
    [...stack.jobFunctions, ...stack.imports.functions].map(([job, fn]) => [
      functionArn(logicalIdOf(fn.function)),
      job,
    ]),
  );
  const definitionOf = (machine: { node: { defaultChild?: unknown } }): LocalDefinition => {
    const cfn = machine.node.defaultChild as unknown as { definitionString: unknown };
    const definition = JSON.parse(
      renderIntrinsic(stack.resolve(cfn.definitionString)),
    ) as LocalDefinition['definition'];
    const tasks: Record<string, string> = {};
    forEachState(definition.States, (name, state) => {
      if (state.Type !== 'Task') return;
      const job = state.Resource ? jobByArn.get(state.Resource) : undefined;
      if (!job) throw new Error(`Task state '${name}' calls ${state.Resource}, which is not a job function`);
      tasks[name] = job;
    });
    return { definition, tasks };
  };
  return { ImageBatches: definitionOf(stack.imageBatches), ImportJobs: definitionOf(stack.imports.stateMachine) };
};

/** The image-batch state machine's definition (see synthesizeLocalDefinitions). */
export const synthesizeLocalDefinition = async (): Promise<LocalDefinition> =>
  (await synthesizeLocalDefinitions()).ImageBatches;

export type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED';

export interface LocalExecution {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  input: Json;
  status: ExecutionStatus;
  startDate: Date;
  stopDate?: Date;
  output?: Json;
  error?: string;
  cause?: string;
  /** Settles when the execution ends (never rejects). */
  done: Promise<void>;
  /** Stops the execution where it is (a task already running goes on to its end, as on AWS). */
  abort: () => void;
}

export interface LocalStepFunctions {
  /** For AWS_ENDPOINT_URL_SFN. */
  readonly endpoint: string;
  /** The image-batch state machine. */
  readonly stateMachineArn: string;
  readonly importStateMachineArn: string;
  readonly executions: ReadonlyMap<string, LocalExecution>;
  /** Every execution started so far, ended. */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

class ApiError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const jobModules = new Map<string, Promise<{ handler: (input: unknown) => Promise<unknown> }>>();
const jobHandler = (job: string) => {
  let loading = jobModules.get(job);
  if (!loading) {
    loading = import(
      pathToFileURL(new URL(`../../functions/src/jobs/${job}.ts`, import.meta.url).pathname).href
    ) as Promise<{ handler: (input: unknown) => Promise<unknown> }>;
    jobModules.set(job, loading);
  }
  return loading;
};

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const send = (response: ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/x-amz-json-1.0',
    'content-length': String(Buffer.byteLength(text)),
  });
  response.end(text);
};

type LocalMachine = {
  machine: StateMachine;
  taskResourceLocalHandlers: Record<string, (input: Json) => Promise<Json>>;
};

let synthesized: Promise<Record<LocalStateMachineName, LocalMachine>> | undefined;

const runnable = ({ definition, tasks }: LocalDefinition): LocalMachine => ({
  machine: new StateMachine(definition as never, { validationOptions: { checkArn: true, checkPaths: true } }),
  taskResourceLocalHandlers: Object.fromEntries(
    Object.entries(tasks).map(([stateName, job]) => [
      stateName,
      async (input: Json) => (await (await jobHandler(job)).handler(input)) as Json,
    ]),
  ),
});

/** The runnable state machines, synthesized on first use (about 3 s: the CDK app is loaded) and kept. */
const localMachines = () =>
  (synthesized ??= synthesizeLocalDefinitions().then((definitions) => ({
    ImageBatches: runnable(definitions.ImageBatches),
    ImportJobs: runnable(definitions.ImportJobs),
  })));

/** Synthesizes the definitions ahead of the first execution (npm start does it in the background). */
export const warmLocalStepFunctions = async (): Promise<void> => {
  await localMachines();
};

/**
 * Starts the local endpoint. The definition is synthesized on the first StartExecution (or now,
 * with `warm`), so a process that never starts a batch never loads the CDK app.
 */
export const startLocalStepFunctions = async (
  options: { port?: number; warm?: boolean; log?: (message: string) => void } = {},
): Promise<LocalStepFunctions> => {
  if (options.warm) await localMachines();
  const executions = new Map<string, LocalExecution>();

  const startExecution = async (body: { stateMachineArn?: string; name?: string; input?: string }) => {
    const machineName = localStateMachines.find((name) => stateMachineArnOf(name) === body.stateMachineArn);
    if (!machineName)
      throw new ApiError('StateMachineDoesNotExist', `State Machine Does Not Exist: '${body.stateMachineArn}'`);
    const name = body.name ?? crypto.randomUUID();
    const executionArn = `arn:aws:states:${REGION}:${ACCOUNT_ID}:execution:${machineName}:${name}`;
    if (executions.has(executionArn))
      throw new ApiError('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);
    let input: Json;
    try {
      input = JSON.parse(body.input ?? '{}') as Json;
    } catch {
      throw new ApiError('InvalidExecutionInput', 'Invalid execution input');
    }
    const { machine, taskResourceLocalHandlers } = (await localMachines())[machineName];
    if (executions.has(executionArn))
      throw new ApiError('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);
    const run = machine.run(input, { overrides: { taskResourceLocalHandlers }, noThrowOnAbort: true });
    const execution: LocalExecution = {
      executionArn,
      stateMachineArn: stateMachineArnOf(machineName),
      name,
      input,
      status: 'RUNNING',
      startDate: new Date(),
      done: Promise.resolve(),
      abort: () => {
        if (execution.status !== 'RUNNING') return;
        Object.assign(execution, { status: 'ABORTED', stopDate: new Date() });
        run.abort();
      },
    };
    execution.done = run.result.then(
      (output: unknown) => {
        if (execution.status === 'ABORTED') return;
        Object.assign(execution, { status: 'SUCCEEDED', output: output as Json, stopDate: new Date() });
      },
      (error: unknown) => {
        if (execution.status === 'ABORTED') return;
        const failure = error as { name?: string; message?: string; cause?: { name?: string; message?: string } };
        Object.assign(execution, {
          status: 'FAILED',
          error: failure.cause?.name ?? failure.name,
          cause: failure.cause?.message ?? failure.message,
          stopDate: new Date(),
        });
        options.log?.(`${machineName} execution ${name} failed: ${execution.error}: ${execution.cause}`);
      },
    );
    executions.set(executionArn, execution);
    return { executionArn, startDate: execution.startDate.getTime() / 1000 };
  };

  const describeExecution = (body: { executionArn?: string }) => {
    const execution = body.executionArn ? executions.get(body.executionArn) : undefined;
    if (!execution) throw new ApiError('ExecutionDoesNotExist', `Execution Does Not Exist: '${body.executionArn}'`);
    return {
      executionArn: execution.executionArn,
      stateMachineArn: execution.stateMachineArn,
      name: execution.name,
      status: execution.status,
      startDate: execution.startDate.getTime() / 1000,
      input: JSON.stringify(execution.input),
      ...(execution.stopDate && { stopDate: execution.stopDate.getTime() / 1000 }),
      ...(execution.output !== undefined && { output: JSON.stringify(execution.output) }),
      ...(execution.error && { error: execution.error, cause: execution.cause }),
    };
  };

  const stopExecution = (body: { executionArn?: string }) => {
    const execution = body.executionArn ? executions.get(body.executionArn) : undefined;
    if (!execution) throw new ApiError('ExecutionDoesNotExist', `Execution Does Not Exist: '${body.executionArn}'`);
    execution.abort();
    return { stopDate: (execution.stopDate ?? new Date()).getTime() / 1000 };
  };

  const server = createServer((request, response) => {
    void (async () => {
      const target = String(request.headers['x-amz-target'] ?? '');
      try {
        const body = JSON.parse((await readBody(request)) || '{}') as Record<string, string>;
        if (request.method !== 'POST') throw new ApiError('UnknownOperationException', 'POST only');
        if (target === 'AWSStepFunctions.StartExecution') return send(response, 200, await startExecution(body));
        if (target === 'AWSStepFunctions.DescribeExecution') return send(response, 200, describeExecution(body));
        if (target === 'AWSStepFunctions.StopExecution') return send(response, 200, stopExecution(body));
        throw new ApiError('UnknownOperationException', `${target} is not emulated locally`);
      } catch (error) {
        if (error instanceof ApiError) return send(response, 400, { __type: error.type, message: error.message });
        send(response, 500, { __type: 'InternalFailure', message: (error as Error).message });
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port ?? 0, host: LOOPBACK }, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://${LOOPBACK}:${port}`,
    stateMachineArn: LOCAL_STATE_MACHINE_ARN,
    importStateMachineArn: LOCAL_IMPORT_STATE_MACHINE_ARN,
    executions,
    settled: async () => {
      await Promise.all([...executions.values()].map((execution) => execution.done));
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
