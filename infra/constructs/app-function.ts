import path from 'node:path';
import { createHash } from 'node:crypto';
import { ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { EmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_SECONDS, type Need } from '#shared/routes';
import { ITEM_ACTIONS } from '#lib/identity-keys';
import { tableDefinition } from '#repositories/table-definition';
import { acknowledgeWildcards } from '../nag.ts';
import { repoRoot } from '../paths.ts';
import { identityKeyGuards } from './identity-guards.ts';
import { lambdaBundling as bundlingOptions, lambdaNodeOptions } from './lambda-bundling.ts';

/** House defaults for every Lambda of the app, API routes and jobs alike. */
export const functionDefaults = {
  runtime: Runtime.NODEJS_24_X,
  architecture: Architecture.ARM_64,
  memorySize: DEFAULT_MEMORY_MB,
  timeout: Duration.seconds(DEFAULT_TIMEOUT_SECONDS),
  logRetention: RetentionDays.THREE_MONTHS,
} as const;

/**
 * How every Lambda of the app is bundled, as NodejsFunction props; the options themselves are in
 * lambda-bundling.ts, which the cold-start benchmark reads.
 */
export const lambdaBundling = {
  ...bundlingOptions,
  format: OutputFormat.ESM,
  mainFields: [...bundlingOptions.mainFields],
  externalModules: [...bundlingOptions.externalModules],
};

/**
 * `<stack name>-<construct id>` (`ComponentHub-prod-Api-AuthLogin`), cut to Lambda's 64
 * characters with a hash when longer. A literal name lets the monitoring stack alarm on each
 * function without a cross-stack export per function (which would block removing a route).
 */
export const physicalFunctionName = (stackName: string, id: string): string => {
  const name = `${stackName}-${id}`;
  if (name.length <= 64) return name;
  return `${name.slice(0, 55)}-${createHash('sha256').update(name).digest('hex').slice(0, 8)}`;
};

/**
 * Item reads and writes on the table and queries on its indexes, named one by one: no
 * `dynamodb:*`, no `index/*`, no table administration, and no Scan (nothing reads the table
 * whole; a Scan would walk past every session, hash and token). (Transactions need no action of
 * their own; they are checked against the item actions they contain.)
 */
export const tableItemAccess = (table: ITable): PolicyStatement =>
  new PolicyStatement({
    actions: [...ITEM_ACTIONS],
    resources: [
      table.tableArn,
      ...tableDefinition.globalSecondaryIndexes.map((index) => `${table.tableArn}/index/${index.indexName}`),
    ],
  });

/** What a function may be bound to: the table and the bucket always, the rest when a need asks. */
export interface FunctionResources {
  readonly table: ITable;
  readonly bucket: IBucket;
  readonly senderIdentity?: EmailIdentity;
  /** Absent: the distributor clients read their credentials from the environment, or answer 503. */
  readonly distributorSecret?: ISecret;
  /** Absent: a public OpenID client, or no single sign-on. */
  readonly oidcClientSecret?: ISecret;
  readonly imageBatches?: IStateMachine;
  readonly importJobs?: IStateMachine;
  /** The search function's literal name (physicalFunctionName), which 'search-holder' may invoke. */
  readonly searchFunctionName?: string;
}

/** What one need gives a function: the grant and the variable that names the resource, together. */
interface NeedBinding {
  readonly environment?: (resources: FunctionResources) => Record<string, string>;
  readonly grant: (fn: AppFunction, resources: FunctionResources) => void;
}

const required = <T>(resource: T | undefined, need: Need): T => {
  if (resource === undefined) throw new Error(`A function needs '${need}' but its stack was not given it`);
  return resource;
};

/** Object actions anywhere in the bucket: the API makes the keys, so no narrower prefix holds. */
const bucketObjectAccess = (fn: AppFunction, bucket: IBucket, action: string): void => {
  fn.role.addToPolicy(new PolicyStatement({ actions: [action], resources: [bucket.arnForObjects('*')] }));
  acknowledgeWildcards(fn.role, [
    {
      // `<attachments bucket ARN>/*`, whichever way the cross-stack reference is rendered.
      finding: new RegExp(`^Resource::.*${bucket.node.id}[0-9A-F]{8}.*/\\*$`),
      reason:
        'Objects of the attachments bucket: a function that reads or writes files may touch any of them (the code ' +
        'generates the keys). Only s3:GetObject / s3:PutObject / s3:DeleteObject as its needs ask, never bucket-level actions.',
    },
  ]);
};

const bucketListing = (fn: AppFunction, bucket: IBucket): void => {
  fn.role.addToPolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
};

/** The identity items are kept from a function by explicit denies unless it needs them (identity-guards.ts). */
const identityItems: NeedBinding = { grant: () => {} };

/**
 * Every need of the manifest (and of the jobs) in one table: what it grants and which variable
 * it sets. Binding a need is the only way a function gets either.
 */
export const needBindings: Record<Need, NeedBinding> = {
  mail: { grant: (fn, { senderIdentity }) => required(senderIdentity, 'mail').grantSendEmail(fn.function) },
  'bucket-read': {
    grant: (fn, { bucket }) => {
      bucketObjectAccess(fn, bucket, 's3:GetObject');
      // Lets HeadObject/GetObject answer 404 for a missing key instead of 403.
      bucketListing(fn, bucket);
    },
  },
  // Presigned POSTs and copies are signed with the function's role: it needs PutObject.
  'bucket-write': { grant: (fn, { bucket }) => bucketObjectAccess(fn, bucket, 's3:PutObject') },
  'bucket-delete': { grant: (fn, { bucket }) => bucketObjectAccess(fn, bucket, 's3:DeleteObject') },
  'bucket-list': { grant: (fn, { bucket }) => bucketListing(fn, bucket) },
  'distributor-credentials': {
    environment: ({ distributorSecret }): Record<string, string> =>
      distributorSecret ? { DISTRIBUTOR_SECRET_ARN: distributorSecret.secretArn } : {},
    grant: (fn, { distributorSecret }) => distributorSecret?.grantRead(fn.function),
  },
  'oidc-client-secret': {
    environment: ({ oidcClientSecret }): Record<string, string> =>
      oidcClientSecret ? { OIDC_CLIENT_SECRET_ARN: oidcClientSecret.secretArn } : {},
    grant: (fn, { oidcClientSecret }) => oidcClientSecret?.grantRead(fn.function),
  },
  batches: {
    environment: ({ imageBatches }) => ({
      IMAGE_BATCH_STATE_MACHINE_ARN: required(imageBatches, 'batches').stateMachineArn,
    }),
    // Starts executions of that one state machine; nothing else of Step Functions.
    grant: (fn, { imageBatches }) => required(imageBatches, 'batches').grantStartExecution(fn.role),
  },
  'import-jobs': {
    environment: ({ importJobs }) => ({
      IMPORT_JOBS_STATE_MACHINE_ARN: required(importJobs, 'import-jobs').stateMachineArn,
    }),
    // Starts import executions and asks whether one still runs (a commit that died is resumed).
    grant: (fn, { importJobs }) => {
      const stateMachine = required(importJobs, 'import-jobs');
      stateMachine.grantStartExecution(fn.role);
      stateMachine.grantExecution(fn.role, 'states:DescribeExecution');
      acknowledgeWildcards(fn.role, [
        {
          finding: /^Resource::arn:<AWS::Partition>:states:.*:execution:.*:\*$/,
          reason:
            "DescribeExecution on the import state machine's executions (their names are made per import): only to tell whether a commit still runs.",
        },
      ]);
    },
  },
  'search-holder': {
    environment: ({ searchFunctionName }) => ({
      SEARCH_FUNCTION_NAME: required(searchFunctionName, 'search-holder'),
    }),
    // Invokes that one function, by its literal name (no reference between the stacks).
    grant: (fn, { searchFunctionName }) =>
      fn.role.addToPolicy(
        new PolicyStatement({
          actions: ['lambda:InvokeFunction'],
          resources: [
            Stack.of(fn).formatArn({
              service: 'lambda',
              resource: 'function',
              resourceName: required(searchFunctionName, 'search-holder'),
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            }),
          ],
        }),
      ),
  },
  credentials: identityItems,
  'email-tokens': identityItems,
  sessions: identityItems,
  'sso-state': identityItems,
  'second-factor': identityItems,
  'access-tokens': identityItems,
};

export interface AppFunctionProps {
  /** The module that exports `handler`. */
  readonly entry: string;
  readonly description: string;
  /** Says whose role it is, in the IAM console. */
  readonly roleDescription: string;
  /** A literal name (see physicalFunctionName), for functions the monitoring stack alarms on by name. */
  readonly functionName?: string;
  readonly memorySize?: number;
  readonly timeout?: Duration;
  /** Settings of the function's own; TABLE_NAME, BUCKET_NAME and each need's variable are added. */
  readonly environment: Readonly<Record<string, string>>;
  readonly resources: FunctionResources;
  readonly needs: readonly Need[];
  /** A job never signs anyone in: the session items are closed to it as well. */
  readonly kind: 'route' | 'job';
}

/**
 * One Lambda of the app on the house defaults: the module bundled by esbuild (AWS SDK v3 included
 * and minified, ESM, source maps), Node 24 on ARM64, traced with X-Ray, its own log group with a
 * retention, and its own role that may write to that log group, use the table's items (never the
 * identity items it does not need) and whatever its needs bind, nothing else until granted more.
 */
export class AppFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const { resources, needs } = props;
    this.logGroup = new LogGroup(this, 'Logs', {
      retention: functionDefaults.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // A role of our own rather than AWSLambdaBasicExecutionRole: that managed policy lets the
    // function create any log group and write to all of them; this one reaches its group only.
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: props.roleDescription,
    });
    this.role.addToPolicy(
      new PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [this.logGroup.logGroupArn],
      }),
    );

    this.function = new NodejsFunction(this, 'Function', {
      ...(props.functionName && { functionName: props.functionName }),
      entry: props.entry,
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
      runtime: functionDefaults.runtime,
      architecture: functionDefaults.architecture,
      memorySize: props.memorySize ?? functionDefaults.memorySize,
      timeout: props.timeout ?? functionDefaults.timeout,
      role: this.role,
      logGroup: this.logGroup,
      // X-Ray: each invocation's segment (init, duration, errors) in the trace of its request.
      tracing: Tracing.ACTIVE,
      description: props.description,
      environment: {
        TABLE_NAME: resources.table.tableName,
        BUCKET_NAME: resources.bucket.bucketName,
        ...props.environment,
        ...Object.assign({}, ...needs.map((need) => needBindings[need].environment?.(resources) ?? {})),
        NODE_OPTIONS: lambdaNodeOptions,
      },
      bundling: lambdaBundling,
    });

    this.role.addToPolicy(tableItemAccess(resources.table));
    for (const guard of identityKeyGuards(resources.table, needs, { forJobs: props.kind === 'job' }))
      this.role.addToPolicy(guard);
    for (const need of needs) needBindings[need].grant(this, resources);
    acknowledgeWildcards(this.role, [
      {
        finding: /^Resource::\*$/,
        reason:
          'xray:PutTraceSegments and xray:PutTelemetryRecords (active tracing) have no resource-level permissions in IAM.',
      },
    ]);
  }
}

/** The jobs' modules are under functions/src/jobs, the routes' under functions/src/handlers. */
export const functionEntry = (kind: AppFunctionProps['kind'], module: string): string =>
  path.join(repoRoot, 'functions', 'src', kind === 'route' ? 'handlers' : 'jobs', `${module}.ts`);
