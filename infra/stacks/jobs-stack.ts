import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import {
  Choice,
  Condition,
  DefinitionBody,
  Fail,
  JitterType,
  JsonPath,
  LogLevel,
  Map as MapState,
  StateMachine,
  TaskInput,
  type IChainable,
} from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaInvoke } from 'aws-cdk-lib/aws-stepfunctions-tasks';
import type { Construct } from 'constructs';
import type { Need } from '#shared/routes';
import type { BatchProvider } from '#shared/schemas/images';
import { taskErrorNames } from '#lib/task-errors';
import { SCANNED_ATTRIBUTES } from '#repositories/storage-references';
import { ImportJobs } from '../constructs/import-jobs.ts';
import { JobFunction, jobFunctions } from '../constructs/job-function.ts';
import { acknowledgeWildcards } from '../nag.ts';
import { physicalFunctionName, type FunctionResources } from '../constructs/app-function.ts';

/** Distributor calls allowed a minute (the functions' DIGIKEY_/MOUSER_CALLS_PER_MINUTE defaults). */
export interface BatchRateLimits {
  readonly digikey: number;
  readonly mouser: number;
}
export const defaultBatchRateLimits: BatchRateLimits = { digikey: 120, mouser: 30 };

/**
 * Parts searched at once for a provider: a part takes a call or two and a second or so, so about
 * one part in flight per 30 calls a minute keeps the shared budget busy without racing past it
 * (the rate limiter and the throttling retries absorb the rest). Smart Search asks Digi-Key
 * first and Mouser only for misses, so both limits bound it.
 */
export const batchConcurrency = (limits: BatchRateLimits): Record<BatchProvider, number> => {
  const of = (perMinute: number) => Math.max(1, Math.min(10, Math.floor(perMinute / 30)));
  return {
    digikey: of(limits.digikey),
    mouser: of(limits.mouser),
    both: Math.min(of(limits.digikey), 2 * of(limits.mouser)),
  };
};

/** The task modules under functions/src/jobs. */
export const batchJobs = ['list-batch-parts', 'search-batch-part', 'record-failed-batch-part', 'finish-batch'] as const;
export type BatchJob = (typeof batchJobs)[number];

/** How often the bucket and the table are reconciled (functions/src/services/reconciliation.ts). */
export const RECONCILE_EVERY = Duration.hours(6);

/**
 * How often the search snapshot job looks at the change log: a cold search instance catches up
 * on at most this much of the catalogue's changes. A run that finds nothing new costs one read.
 */
export const SEARCH_SNAPSHOT_EVERY = Duration.minutes(1);
/** The snapshot job's name within its stack's (see physicalFunctionName). */
export const SEARCH_SNAPSHOT_FUNCTION_ID = 'SearchSnapshot';

export interface JobsStackProps extends StackProps {
  readonly table: ITable;
  readonly attachmentsBucket: IBucket;
  readonly rateLimits?: BatchRateLimits;
  /** A Secrets Manager secret with the distributor credentials (`digikeyClientId`, `digikeyClientSecret`, `mouserApiKey`). */
  readonly distributorSecretArn?: string;
  /** The catalogue's languages (CATALOGUE_LANGUAGES), the default first; English alone when unset. */
  readonly catalogueLanguages?: readonly string[];
  /** The search function's literal name (the API stack's), which a data batch's steps ask. */
  readonly searchFunctionName?: string;
}

const providerLabels: Record<BatchProvider, string> = {
  digikey: 'Digi-Key',
  mouser: 'Mouser',
  both: 'Digi-Key then Mouser',
};

/**
 * Image-retrieval batches as one state machine: list the parts without an approved image (of one
 * class, or all), search each at the chosen distributor(s) in a Map state whose concurrency
 * follows that distributor's rate limit, retrying with backoff while a distributor's burst limit
 * throttles (a part that still fails is counted as failed), then end the batch with its summary.
 * A distributor's daily limit is not retried: the task reports it as a value, that distributor is
 * not asked again until it resets, and Smart Search goes on with the other. Any other failure ends
 * the batch as failed and fails the execution. Every event is logged and traced.
 *
 * The same definition runs locally (scripts/local/step-functions.ts), its tasks mapped to the
 * modules in {@link JobsStack.jobFunctions}. The stack also holds the Excel import's state
 * machine ({@link JobsStack.imports}).
 */
export class JobsStack extends Stack {
  readonly imageBatches: StateMachine;
  readonly jobFunctions: Map<BatchJob, JobFunction>;
  readonly logGroup: LogGroup;
  /** Excel imports: their preview and commit state machine and its task functions. */
  readonly imports: ImportJobs;
  /** The scheduled reconciliation of the bucket with the table. */
  readonly reconciliation: JobFunction;
  /** The scheduled writer of the search index snapshot. */
  readonly searchSnapshot: JobFunction;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const environment = {
      POWERTOOLS_SERVICE_NAME: 'component-hub-jobs',
      ...(props.catalogueLanguages && { CATALOGUE_LANGUAGES: props.catalogueLanguages.join(',') }),
    };
    const resources: FunctionResources = {
      table: props.table,
      bucket: props.attachmentsBucket,
      ...(props.distributorSecretArn && {
        distributorSecret: Secret.fromSecretCompleteArn(this, 'DistributorSecret', props.distributorSecretArn),
      }),
      ...(props.searchFunctionName && { searchFunctionName: props.searchFunctionName }),
    };
    // Without the API stack's name (a jobs stack alone, in tests) a data batch cannot ask the search function.
    const searchHolder: Need[] = props.searchFunctionName ? ['search-holder'] : [];
    const settings: Record<
      BatchJob,
      { description: string; timeout: Duration; memorySize?: number; needs?: readonly Need[] }
    > = {
      // Reads the catalogue summary (its S3 file), as the image routes do; a data batch's parts
      // (those of a class) are asked of the search function.
      'list-batch-parts': {
        description: 'Image batch: list the parts without an approved image',
        timeout: Duration.minutes(1),
        memorySize: 512,
        needs: ['bucket-read', ...searchHolder],
      },
      // Smart Search may ask both distributors, each within DISTRIBUTOR_DEADLINE_MS (25 s). It
      // copies the found files into the bucket; a copy that loses a race is deleted again. A data
      // batch's part asks the search function for a suggested replacement.
      'search-batch-part': {
        description: 'Image or data batch: one part at Digi-Key and/or Mouser',
        timeout: Duration.seconds(90),
        memorySize: 1024,
        needs: ['bucket-read', 'bucket-write', 'bucket-delete', 'distributor-credentials', ...searchHolder],
      },
      'record-failed-batch-part': {
        description: 'Image batch: count a part that kept failing',
        timeout: Duration.seconds(30),
      },
      'finish-batch': {
        description: 'Image batch: end the batch and write its summary',
        timeout: Duration.seconds(30),
      },
    };
    this.jobFunctions = jobFunctions(this, batchJobs, { environment, resources }, settings);

    const invoke = (id: string, job: BatchJob, payload: Record<string, unknown>, resultPath: string | undefined) =>
      new LambdaInvoke(this, id, {
        lambdaFunction: this.jobFunctions.get(job)!.function,
        payload: TaskInput.fromObject(payload),
        payloadResponseOnly: true,
        ...(resultPath !== undefined && { resultPath }),
      });
    const batchInput = {
      batchId: JsonPath.stringAt('$.batchId'),
      provider: JsonPath.stringAt('$.provider'),
      componentClass: JsonPath.stringAt('$.componentClass'),
      requestedBy: JsonPath.stringAt('$.requestedBy'),
    };

    const endFailed = invoke(
      'End the batch as failed',
      'finish-batch',
      { batchId: JsonPath.stringAt('$.batchId'), outcome: 'failed', error: JsonPath.objectAt('$.error') },
      '$.summary',
    ).next(
      new Fail(this, 'Batch failed', {
        error: 'ImageBatchFailed',
        cause: 'The image batch stopped; see the batch summary.',
      }),
    );
    const summary = invoke(
      'End the batch with its summary',
      'finish-batch',
      { batchId: JsonPath.stringAt('$.batchId'), outcome: 'completed' },
      '$.summary',
    );

    const concurrency = batchConcurrency(props.rateLimits ?? defaultBatchRateLimits);
    const searchEach = (provider: BatchProvider): IChainable => {
      const label = providerLabels[provider];
      const part = { ...batchInput, componentId: JsonPath.numberAt('$.componentId') };
      const search = invoke(`Search one part (${label})`, 'search-batch-part', part, undefined)
        .addRetry({
          errors: [taskErrorNames.throttled],
          interval: Duration.seconds(2),
          backoffRate: 2,
          maxAttempts: 6,
          maxDelay: Duration.minutes(1),
          jitterStrategy: JitterType.FULL,
        })
        .addCatch(
          invoke(
            `Count a failed part (${label})`,
            'record-failed-batch-part',
            { ...part, error: JsonPath.objectAt('$.error') },
            undefined,
          ),
          {
            errors: ['States.ALL'],
            resultPath: '$.error',
          },
        );
      return new MapState(this, `Search the parts (${label})`, {
        itemsPath: '$.list.componentIds',
        itemSelector: { ...batchInput, componentId: JsonPath.numberAt('$$.Map.Item.Value') },
        maxConcurrency: concurrency[provider],
        resultPath: JsonPath.DISCARD,
      })
        .itemProcessor(search)
        .addCatch(endFailed, { errors: ['States.ALL'], resultPath: '$.error' })
        .next(summary);
    };

    const definition = invoke('List the parts without an image', 'list-batch-parts', batchInput, '$.list')
      .addCatch(endFailed, { errors: ['States.ALL'], resultPath: '$.error' })
      .next(
        new Choice(this, 'Which distributors?')
          .when(Condition.stringEquals('$.provider', 'digikey'), searchEach('digikey'))
          .when(Condition.stringEquals('$.provider', 'mouser'), searchEach('mouser'))
          .otherwise(searchEach('both')),
      );

    // ---- Reconciliation: files without rows and rows without files, on a schedule ----
    this.reconciliation = new JobFunction(this, 'JobReconcileStorage', {
      job: 'reconcile-storage',
      description: 'Reconciles the attachments bucket with the table (orphaned files, missing files)',
      environment,
      resources,
      // Lists the whole bucket and deletes orphaned objects anywhere in it (it never reads them).
      needs: ['bucket-list', 'bucket-delete'],
      // It lists the whole bucket and scans the table: minutes at 100,000 parts.
      timeout: Duration.minutes(15),
      memorySize: 1024,
    });
    // The one function that reads the table whole: a Scan that may return only the attributes that
    // name files and their owners (never a hash, a token or a key), whatever it asks for.
    this.reconciliation.role.addToPolicy(
      new PolicyStatement({
        actions: ['dynamodb:Scan'],
        resources: [props.table.tableArn],
        conditions: {
          StringEquals: { 'dynamodb:Select': 'SPECIFIC_ATTRIBUTES' },
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': [...SCANNED_ATTRIBUTES] },
        },
      }),
    );
    new Rule(this, 'ReconcileStorageSchedule', {
      description: 'Runs the bucket/table reconciliation',
      schedule: Schedule.rate(RECONCILE_EVERY),
      targets: [new LambdaFunction(this.reconciliation.function, { retryAttempts: 2 })],
    });

    // ---- The search snapshot: written here, off every request's path ----
    this.searchSnapshot = new JobFunction(this, 'JobRefreshSearchSnapshot', {
      job: 'refresh-search-snapshot',
      description: 'Keeps the search index snapshot in the bucket as current as the catalogue change log',
      // Named literally: the monitoring stack alarms on its errors (a stale snapshot slows cold starts).
      functionName: physicalFunctionName(this.stackName, SEARCH_SNAPSHOT_FUNCTION_ID),
      environment,
      resources,
      needs: ['bucket-read', 'bucket-write'],
      // Holds the index and its encoded copy at once; a million parts encode in over a minute.
      timeout: Duration.minutes(10),
      memorySize: 3008,
    });
    new Rule(this, 'RefreshSearchSnapshotSchedule', {
      description: 'Stores a new search snapshot when the catalogue has changed since the last',
      schedule: Schedule.rate(SEARCH_SNAPSHOT_EVERY),
      // A missed run is made good by the next one a minute later.
      targets: [new LambdaFunction(this.searchSnapshot.function, { retryAttempts: 0 })],
    });

    this.logGroup = new LogGroup(this, 'ImageBatchLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.imageBatches = new StateMachine(this, 'ImageBatches', {
      definitionBody: DefinitionBody.fromChainable(definition),
      comment:
        'Component Hub image batch: find images and datasheets at Digi-Key and Mouser for the parts without an image',
      timeout: Duration.hours(6),
      tracingEnabled: true,
      logs: { destination: this.logGroup, level: LogLevel.ALL, includeExecutionData: true },
    });
    acknowledgeWildcards(this.imageBatches.role, [
      {
        finding: /^Resource::<Job[A-Za-z]+Function[0-9A-F]{8}\.Arn>:\*$/,
        reason:
          'Invoking any version or alias of the batch task functions (CDK grants lambda:InvokeFunction on `<arn>:*`).',
      },
      {
        finding: /^Resource::\*$/,
        reason:
          'X-Ray tracing and CloudWatch Logs delivery for the state machine: those actions (xray:PutTraceSegments, logs:CreateLogDelivery, ...) have no resource-level permissions.',
      },
    ]);

    this.imports = new ImportJobs(this, 'Imports', {
      table: props.table,
      attachmentsBucket: props.attachmentsBucket,
    });
  }
}
