import path from 'node:path';
import { createHash } from 'node:crypto';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { RouteDefinition } from '#shared/routes';
import { acknowledgeWildcards } from '../nag.ts';
import { repoRoot } from '../paths.ts';
import { lambdaBundling as bundlingOptions, lambdaNodeOptions } from './lambda-bundling.ts';

/*
 * House defaults for every API Lambda. One place to change them; the API stack makes one
 * ApiFunction per entry of the route manifest.
 */
export const apiFunctionDefaults = {
  runtime: Runtime.NODEJS_24_X,
  architecture: Architecture.ARM_64,
  memorySize: 256,
  timeout: Duration.seconds(10),
  logRetention: RetentionDays.THREE_MONTHS,
  /**
   * Handlers that need more than the default, and why. Lambda hands out CPU in proportion to
   * memory (a whole vCPU at 1769 MB). The default, 256 MB, suits the rest: a handful of DynamoDB
   * calls and some JSON, with bundles of about 0.5-0.7 MB that load in about 100 ms of CPU
   * (`npm run bench -- lambda`).
   * - Password hashing (login, change/reset password, accepting an invitation, an admin creating
   *   a user or setting a password): scrypt at N=2^17, r=8 needs 128 MiB for one hash (plus
   *   headroom: `maxmem` is raised above that), and it is CPU-bound; at 1024 MB a hash takes well
   *   under a second.
   * - Search: the in-memory catalogue index (about 106 MB at 100,000 parts) and its CPU-bound
   *   load from the S3 snapshot at cold start. The list answers every keystroke, so it gets a
   *   whole vCPU; the others that read the index (classes, stats, related parts) get 1024 MB.
   */
  memoryByHandler: {
    'auth/login': 1024,
    'auth/change-password': 1024,
    'auth/reset-password': 1024,
    'auth/accept-invite': 1024,
    'users/create-user': 1024,
    'users/set-user-password': 1024,
    'components/list-components': 1769,
    'components/list-component-classes': 1024,
    'components/list-component-options': 1024,
    'components/list-related-components': 1024,
    'stats/get-stats': 1024,
    // Image statistics and batch starts read the same in-memory index (which parts have images, of which class).
    'images/get-image-stats': 1024,
    'images/start-digikey-batch': 1024,
    'images/start-mouser-batch': 1024,
    'images/start-unified-batch': 1024,
    // The Excel import parses up to 20 MB of workbook (measured peak ≈ 500 MB with the index for
    // the duplicate check at 100k parts) and is CPU-bound: 1769 MB is one full vCPU.
    'import/import-excel': 1769,
  } as Readonly<Record<string, number>>,
  /**
   * Handlers that wait on someone else, or work long: a distributor search may retry and download
   * files for up to DISTRIBUTOR_DEADLINE_MS (25 s); an import writes thousands of rows. API
   * Gateway's own limit is 30 s.
   */
  timeoutByHandler: {
    'distributors/search-digikey': Duration.seconds(29),
    'distributors/search-mouser': Duration.seconds(29),
    // 10,000 rows take ≈5 s here (npm run bench -- import); 50,000, the row limit, several times that.
    'import/import-excel': Duration.seconds(29),
    // Up to 50 reviews one after another; the service stops starting new ones after 20 s.
    'approvals/bulk-review-approval-requests': Duration.seconds(29),
  } as Readonly<Record<string, Duration>>,
} as const;

/**
 * How every Lambda of the app (API routes and state machine tasks) is bundled, as NodejsFunction
 * props; the options themselves are in lambda-bundling.ts, which the cold-start benchmark reads.
 */
export const lambdaBundling = {
  ...bundlingOptions,
  format: OutputFormat.ESM,
  mainFields: [...bundlingOptions.mainFields],
  externalModules: [...bundlingOptions.externalModules],
};

/** The memory a handler's function gets (the one place it is decided). */
export const apiFunctionMemory = (handler: string): number =>
  apiFunctionDefaults.memoryByHandler[handler] ?? apiFunctionDefaults.memorySize;

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

/** 'auth/login' -> 'AuthLogin', 'components/get-component' -> 'ComponentsGetComponent'. */
export const constructIdFor = (handler: string): string =>
  handler
    .split(/[/\-_.]+/)
    .filter((part) => part.length > 0)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/** The handler module's file, `functions/src/handlers/<handler>.ts`. */
export const handlerEntry = (handler: string): string =>
  path.join(repoRoot, 'functions', 'src', 'handlers', `${handler}.ts`);

export interface ApiFunctionProps {
  readonly route: RouteDefinition;
  /** TABLE_NAME, BUCKET_NAME, MAIL_FROM, APP_URL, CSRF_SECRET_ARN ... */
  readonly environment: Readonly<Record<string, string>>;
  /** Overrides the house default (and the password-hashing rule). */
  readonly memorySize?: number;
}

/**
 * One API route's Lambda: the handler module bundled by esbuild (AWS SDK v3 included and
 * minified, ESM, source maps), Node 24 on ARM64, its own log group with a retention, and its
 * own role that may write to that log group and nothing else until the stack grants more.
 */
export class ApiFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;
  readonly route: RouteDefinition;
  /** The function's name as a plain string (not a token): see {@link physicalFunctionName}. */
  readonly functionName: string;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);
    const { route } = props;
    this.route = route;
    this.functionName = physicalFunctionName(Stack.of(this).stackName, id);

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: apiFunctionDefaults.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // A role of our own rather than AWSLambdaBasicExecutionRole: that managed policy lets the
    // function create any log group and write to all of them; this one reaches its group only.
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Component Hub ${route.method} ${route.path}`,
    });
    this.role.addToPolicy(
      new PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [this.logGroup.logGroupArn],
      }),
    );

    const memorySize = props.memorySize ?? apiFunctionMemory(route.handler);

    this.function = new NodejsFunction(this, 'Function', {
      functionName: this.functionName,
      entry: handlerEntry(route.handler),
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
      runtime: apiFunctionDefaults.runtime,
      architecture: apiFunctionDefaults.architecture,
      memorySize,
      timeout: apiFunctionDefaults.timeoutByHandler[route.handler] ?? apiFunctionDefaults.timeout,
      role: this.role,
      logGroup: this.logGroup,
      // X-Ray: each invocation's segment (init, duration, errors) in the trace of its request.
      tracing: Tracing.ACTIVE,
      description: `${route.method} ${route.path} (${route.handler})`,
      environment: {
        ...props.environment,
        NODE_OPTIONS: lambdaNodeOptions,
      },
      bundling: lambdaBundling,
    });
    acknowledgeWildcards(this.role, [
      {
        finding: /^Resource::\*$/,
        reason:
          'xray:PutTraceSegments and xray:PutTelemetryRecords (active tracing) have no resource-level permissions in IAM.',
      },
    ]);
  }
}
