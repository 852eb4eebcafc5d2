import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import {
  Choice,
  Condition,
  DefinitionBody,
  Fail,
  JitterType,
  JsonPath,
  LogLevel,
  Pass,
  StateMachine,
  Succeed,
  TaskInput,
} from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaInvoke } from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';
import { acknowledgeWildcards } from '../nag.ts';
import { jobFunctions, type JobFunction } from './job-function.ts';

/** The import's task modules under functions/src/jobs. */
export const importJobs = ['preview-import', 'commit-import-slice', 'finish-import'] as const;
export type ImportJob = (typeof importJobs)[number];

export interface ImportJobsProps {
  readonly table: ITable;
  readonly attachmentsBucket: IBucket;
}

/**
 * Excel imports as one state machine, started with `{ importId, step }`:
 * - step 'preview': read the workbook and store what each row would do; when the documented
 *   one-call import asked for it, go straight on to the commit.
 * - step 'commit': commit one slice of rows per task, again and again until none is left. A
 *   slice is idempotent (each group of rows is written in one transaction with its marker), so a
 *   failed task is simply retried, with backoff, for a couple of minutes (a DynamoDB stall is
 *   waited out); the job records its place after every slice, so a run that dies is resumed
 *   from there by committing again.
 * A failure that outlasts the retries ends the import as failed, with exact counts.
 */
export class ImportJobs extends Construct {
  readonly stateMachine: StateMachine;
  readonly functions: Map<ImportJob, JobFunction>;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: ImportJobsProps) {
    super(scope, id);
    const environment = { POWERTOOLS_SERVICE_NAME: 'component-hub-imports' };
    const resources = { table: props.table, bucket: props.attachmentsBucket };
    const settings: Record<ImportJob, { description: string; timeout: Duration; memorySize: number }> = {
      // Parses up to 50,000 rows and lists the catalogue's references (not the search index):
      // peak under 1 GB at 100,000 parts (npm run bench -- import); 1769 MB is one full vCPU.
      'preview-import': {
        description: 'Excel import: preview what each row of the workbook would do',
        timeout: Duration.minutes(10),
        memorySize: 1769,
      },
      'commit-import-slice': {
        description: 'Excel import: commit one slice of rows',
        timeout: Duration.minutes(2),
        memorySize: 1024,
      },
      'finish-import': {
        description: 'Excel import: end the preview or the commit with its counts',
        timeout: Duration.seconds(30),
        memorySize: 256,
      },
    };
    const importObjects = props.attachmentsBucket.arnForObjects('imports/*');
    this.functions = jobFunctions(this, importJobs, { environment, resources }, settings);
    // The preview reads the workbook and writes its rows; the commit reads them. Only under imports/.
    const preview = this.functions.get('preview-import')!;
    preview.role.addToPolicy(
      new PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject'], resources: [importObjects] }),
    );
    const commit = this.functions.get('commit-import-slice')!;
    commit.role.addToPolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [importObjects] }));
    for (const fn of [preview, commit]) {
      // Lets GetObject answer 404 for a missing key instead of 403.
      fn.role.addToPolicy(
        new PolicyStatement({ actions: ['s3:ListBucket'], resources: [props.attachmentsBucket.bucketArn] }),
      );
      acknowledgeWildcards(fn.role, [
        {
          finding: new RegExp(`^Resource::.*${props.attachmentsBucket.node.id}[0-9A-F]{8}.*/imports/\\*$`),
          reason: "An import's own objects: its workbook and its preview's slices, under imports/<id>/.",
        },
      ]);
    }

    const invoke = (stateName: string, job: ImportJob, payload: Record<string, unknown>, resultPath: string) =>
      new LambdaInvoke(this, stateName, {
        lambdaFunction: this.functions.get(job)!.function,
        payload: TaskInput.fromObject(payload),
        payloadResponseOnly: true,
        resultPath,
      });
    const importId = JsonPath.stringAt('$.importId');

    const previewFailed = invoke(
      'End the preview as failed',
      'finish-import',
      {
        importId,
        step: 'preview',
        previewVersion: JsonPath.numberAt('$.previewVersion'),
        error: JsonPath.objectAt('$.error'),
      },
      '$.finish',
    ).next(new Fail(this, 'Preview failed', { error: 'ImportPreviewFailed', cause: 'See the import.' }));
    const commitFailed = invoke(
      'End the commit as failed',
      'finish-import',
      { importId, step: 'commit', run: JsonPath.numberAt('$.run'), error: JsonPath.objectAt('$.error') },
      '$.finish',
    ).next(new Fail(this, 'Commit failed', { error: 'ImportCommitFailed', cause: 'See the import.' }));
    const commitDone = invoke(
      'End the commit with its counts',
      'finish-import',
      { importId, step: 'commit', run: JsonPath.numberAt('$.run') },
      '$.finish',
    ).next(new Succeed(this, 'Committed'));

    const commitSlice = invoke(
      'Commit a slice',
      'commit-import-slice',
      { importId, run: JsonPath.numberAt('$.run') },
      '$.slice',
    )
      .addRetry({
        errors: ['States.ALL'],
        interval: Duration.seconds(2),
        backoffRate: 2,
        maxAttempts: 6,
        maxDelay: Duration.seconds(30),
        jitterStrategy: JitterType.FULL,
      })
      .addCatch(commitFailed, { errors: ['States.ALL'], resultPath: '$.error' });
    commitSlice.next(
      new Choice(this, 'More slices?')
        .when(Condition.booleanEquals('$.slice.done', false), commitSlice)
        .otherwise(commitDone),
    );

    const previewTask = invoke(
      'Preview the workbook',
      'preview-import',
      { importId, previewVersion: JsonPath.numberAt('$.previewVersion') },
      '$.preview',
    )
      .addRetry({
        errors: ['States.ALL'],
        interval: Duration.seconds(2),
        backoffRate: 2,
        maxAttempts: 2,
        jitterStrategy: JitterType.FULL,
      })
      .addCatch(previewFailed, { errors: ['States.ALL'], resultPath: '$.error' });
    previewTask.next(
      new Choice(this, 'Commit now?')
        .when(
          Condition.isPresent('$.preview.commitRun'),
          new Pass(this, 'Commit what was previewed', {
            parameters: { importId, 'run.$': '$.preview.commitRun' },
          }).next(commitSlice),
        )
        .otherwise(new Succeed(this, 'Previewed')),
    );

    const definition = new Choice(this, 'Preview or commit?')
      .when(Condition.stringEquals('$.step', 'preview'), previewTask)
      .otherwise(commitSlice);

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stateMachine = new StateMachine(this, 'StateMachine', {
      definitionBody: DefinitionBody.fromChainable(definition),
      comment: 'Component Hub Excel import: preview a workbook, then commit it slice by slice',
      timeout: Duration.hours(2),
      tracingEnabled: true,
      logs: { destination: this.logGroup, level: LogLevel.ALL, includeExecutionData: true },
    });
    acknowledgeWildcards(this.stateMachine.role, [
      {
        finding: /^Resource::<[A-Za-z0-9]+Function[0-9A-F]{8}\.Arn>:\*$/,
        reason:
          'Invoking any version or alias of the import task functions (CDK grants lambda:InvokeFunction on `<arn>:*`).',
      },
      {
        finding: /^Resource::\*$/,
        reason:
          'X-Ray tracing and CloudWatch Logs delivery for the state machine: those actions (xray:PutTraceSegments, logs:CreateLogDelivery, ...) have no resource-level permissions.',
      },
    ]);
  }
}
