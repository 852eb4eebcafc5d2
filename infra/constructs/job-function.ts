import type { Duration } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { Need } from '#shared/routes';
import { constructIdFor } from '../construct-ids.ts';
import { AppFunction, functionEntry, type FunctionResources } from './app-function.ts';

export interface JobFunctionProps {
  /** The module under functions/src/jobs that exports `handler`, e.g. `search-batch-part`. */
  readonly job: string;
  readonly description: string;
  /** Settings of the job's own (its service name, intervals); the needs add theirs. */
  readonly environment: Readonly<Record<string, string>>;
  readonly resources: FunctionResources;
  /** What the job uses beyond the table's catalogue items, as the manifest's routes say it. */
  readonly needs?: readonly Need[];
  readonly timeout: Duration;
  readonly memorySize?: number;
  /** A literal name (see physicalFunctionName), for functions the monitoring stack alarms on by name. */
  readonly functionName?: string;
}

/** A state machine task's or a scheduled job's Lambda: the app's function, with no session items. */
export class JobFunction extends AppFunction {
  readonly job: string;

  constructor(scope: Construct, id: string, props: JobFunctionProps) {
    super(scope, id, {
      entry: functionEntry('job', props.job),
      description: props.description,
      roleDescription: `Component Hub job ${props.job}`,
      ...(props.functionName && { functionName: props.functionName }),
      ...(props.memorySize !== undefined && { memorySize: props.memorySize }),
      timeout: props.timeout,
      environment: props.environment,
      resources: props.resources,
      needs: props.needs ?? [],
      kind: 'job',
    });
    this.job = props.job;
  }
}

/** One function per job of a state machine, with the environment and resources they share, by job. */
export const jobFunctions = <J extends string>(
  scope: Construct,
  jobs: readonly J[],
  shared: Pick<JobFunctionProps, 'environment' | 'resources'>,
  settings: Record<J, Omit<JobFunctionProps, 'job' | 'environment' | 'resources'>>,
): Map<J, JobFunction> =>
  new Map(
    jobs.map((job) => [job, new JobFunction(scope, `Job${constructIdFor(job)}`, { job, ...shared, ...settings[job] })]),
  );
