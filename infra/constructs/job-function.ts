import path from 'node:path';
import { RemovalPolicy, type Duration } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { repoRoot } from '../paths.ts';
import { apiFunctionDefaults, lambdaBundling } from './api-function.ts';

/** The task module's file, `functions/src/jobs/<job>.ts`. */
export const jobEntry = (job: string): string => path.join(repoRoot, 'functions', 'src', 'jobs', `${job}.ts`);

export interface JobFunctionProps {
  /** The module under functions/src/jobs that exports `handler`, e.g. `search-batch-part`. */
  readonly job: string;
  readonly description: string;
  readonly environment: Readonly<Record<string, string>>;
  readonly timeout: Duration;
  readonly memorySize?: number;
  /** A literal name (see physicalFunctionName), for functions the monitoring stack alarms on by name. */
  readonly functionName?: string;
}

/**
 * A state machine task's Lambda, on the API functions' house defaults (Node 24 on ARM64, the same
 * bundling, its own log group and a role that reaches only that group until granted more),
 * traced with X-Ray like the state machine that calls it.
 */
export class JobFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;
  readonly job: string;

  constructor(scope: Construct, id: string, props: JobFunctionProps) {
    super(scope, id);
    this.job = props.job;
    this.logGroup = new LogGroup(this, 'Logs', {
      retention: apiFunctionDefaults.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Component Hub job ${props.job}`,
    });
    this.role.addToPolicy(
      new PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [this.logGroup.logGroupArn],
      }),
    );
    this.function = new NodejsFunction(this, 'Function', {
      entry: jobEntry(props.job),
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
      runtime: apiFunctionDefaults.runtime,
      architecture: apiFunctionDefaults.architecture,
      memorySize: props.memorySize ?? apiFunctionDefaults.memorySize,
      timeout: props.timeout,
      role: this.role,
      logGroup: this.logGroup,
      tracing: Tracing.ACTIVE,
      description: props.description,
      ...(props.functionName && { functionName: props.functionName }),
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
      bundling: lambdaBundling,
    });
  }
}
