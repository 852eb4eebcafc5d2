import fs from 'node:fs';
import path from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '#shared/routes';
import { taskErrorNames } from '#lib/task-errors';
import type { ComponentHubApp } from './build-app.ts';
import { buildTestApp, apiTemplate, roleStatements } from './test-app.ts';
import { repoRoot } from './paths.ts';
import { routeNeeds } from './constructs/api-function.ts';
import { batchConcurrency, batchJobs, defaultBatchRateLimits, SEARCH_SNAPSHOT_EVERY } from './stacks/jobs-stack.ts';

/*
 * The jobs stack's image-batch state machine as synthesized (bundling skipped: buildTestApp):
 * its shape, its bounds and retries, its logging and tracing, and who may start it.
 */

type State = {
  Type: string;
  Resource?: string;
  MaxConcurrency?: number;
  ItemProcessor?: { States: Record<string, State> };
  Retry?: {
    ErrorEquals: string[];
    IntervalSeconds?: number;
    BackoffRate?: number;
    MaxAttempts?: number;
    JitterStrategy?: string;
  }[];
  Catch?: { ErrorEquals: string[]; Next: string }[];
  Next?: string;
  Default?: string;
  Choices?: { StringEquals: string; Next: string }[];
};
type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;

/** The definition with each Lambda ARN written as `fn:<logical id>`. */
const definitionOf = (template: Template): { StartAt: string; States: Record<string, State> } => {
  const [machine] = Object.values(template.findResources('AWS::StepFunctions::StateMachine')) as {
    Properties: { DefinitionString: { 'Fn::Join': [string, unknown[]] } };
  }[];
  const text = machine!.Properties.DefinitionString['Fn::Join'][1]
    .map((part) =>
      typeof part === 'string' ? part : `fn:${(part as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0]}`,
    )
    .join('');
  return JSON.parse(text) as { StartAt: string; States: Record<string, State> };
};

describe('jobs stack: the image-batch state machine', () => {
  let built: ComponentHubApp;
  let jobs: Template;
  let resources: Resources;

  beforeAll(() => {
    built = buildTestApp();
    jobs = Template.fromStack(built.jobs);
    resources = jobs.toJSON().Resources as Resources;
  });

  const jobLogicalId = (job: (typeof batchJobs)[number]) =>
    built.jobs.resolve(
      (built.jobs.jobFunctions.get(job)!.function.node.defaultChild as unknown as { logicalId: string }).logicalId,
    ) as string;

  it('lists, chooses the distributors, searches each part in a Map bounded by that provider’s rate limit, then writes the summary', () => {
    const definition = definitionOf(jobs);
    const list = definition.States[definition.StartAt]!;
    expect(list.Resource).toBe(`fn:${jobLogicalId('list-batch-parts')}`);
    const choice = definition.States[list.Next!]!;
    expect(choice.Type).toBe('Choice');
    const maps = {
      digikey: choice.Choices!.find((c) => c.StringEquals === 'digikey')!.Next,
      mouser: choice.Choices!.find((c) => c.StringEquals === 'mouser')!.Next,
      both: choice.Default!,
    };
    const expected = batchConcurrency(defaultBatchRateLimits);
    expect(expected).toEqual({ digikey: 4, mouser: 1, both: 2 });
    for (const [provider, name] of Object.entries(maps) as [keyof typeof expected, string][]) {
      const map = definition.States[name]!;
      expect(map.Type, provider).toBe('Map');
      expect(map.MaxConcurrency, provider).toBe(expected[provider]);
      const inner = Object.values(map.ItemProcessor!.States);
      const search = inner.find((state) => state.Resource === `fn:${jobLogicalId('search-batch-part')}`)!;
      const throttled = search.Retry!.find((retry) => retry.ErrorEquals.includes(taskErrorNames.throttled))!;
      expect(throttled).toMatchObject({ BackoffRate: 2, JitterStrategy: 'FULL' });
      expect(throttled.MaxAttempts).toBeGreaterThanOrEqual(3);
      expect(map.ItemProcessor!.States[search.Catch![0]!.Next]!.Resource).toBe(
        `fn:${jobLogicalId('record-failed-batch-part')}`,
      );
      const summary = definition.States[map.Next!]!;
      expect(summary.Resource).toBe(`fn:${jobLogicalId('finish-batch')}`);
      expect(definition.States[map.Catch![0]!.Next]!.Resource).toBe(`fn:${jobLogicalId('finish-batch')}`);
    }
  });

  it('bounds Mouser tighter than Digi-Key, and never below one part at a time', () => {
    expect(batchConcurrency({ digikey: 600, mouser: 10 })).toEqual({ digikey: 10, mouser: 1, both: 2 });
    expect(batchConcurrency({ digikey: 60, mouser: 60 })).toEqual({ digikey: 2, mouser: 2, both: 2 });
  });

  it('logs every event with its data and traces with X-Ray (cdk-nag SF1, SF2), and stops after 6 hours', () => {
    jobs.hasResourceProperties('AWS::StepFunctions::StateMachine', {
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: { Level: 'ALL', IncludeExecutionData: true },
    });
    expect((definitionOf(jobs) as { TimeoutSeconds?: number }).TimeoutSeconds).toBe(6 * 3600);
  });

  it('runs each task from its module under functions/src/jobs on Node 24, ARM64, traced', () => {
    for (const job of batchJobs) {
      expect(fs.existsSync(path.join(repoRoot, 'functions/src/jobs', `${job}.ts`)), job).toBe(true);
      const props = resources[jobLogicalId(job)]!.Properties;
      expect(props, job).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        TracingConfig: { Mode: 'Active' },
      });
    }
  });

  it('grants the tasks only what they use: the list reads the bucket, the search reads (the index) and writes it, the others neither', () => {
    const actionsOf = (job: (typeof batchJobs)[number]) => {
      const roleId = built.jobs.resolve(
        (built.jobs.jobFunctions.get(job)!.role.node.defaultChild as unknown as { logicalId: string }).logicalId,
      ) as string;
      return roleStatements(resources, roleId).flatMap((s) => s.Action);
    };
    const s3 = (job: (typeof batchJobs)[number]) =>
      actionsOf(job)
        .filter((action) => action.startsWith('s3:'))
        .sort();
    expect(s3('list-batch-parts')).toEqual(['s3:GetObject', 's3:ListBucket']);
    expect(s3('search-batch-part')).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:ListBucket', 's3:PutObject']);
    expect(s3('record-failed-batch-part')).toEqual([]);
    expect(s3('finish-batch')).toEqual([]);
    for (const job of batchJobs) expect(actionsOf(job), job).toContain('dynamodb:UpdateItem');
  });

  it("lets only the routes that need 'batches' start it, with its ARN in their environment", () => {
    const api = apiTemplate(built.api).toJSON().Resources as Resources;
    for (const route of routes) {
      const fn = built.api.functions.get(route.handler)!;
      const logicalId = built.api.resolve(
        (fn.function.node.defaultChild as unknown as { logicalId: string }).logicalId,
      ) as string;
      const variables = (api[logicalId]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      const roleId = built.api.resolve(
        (fn.role.node.defaultChild as unknown as { logicalId: string }).logicalId,
      ) as string;
      const statements = roleStatements(api, roleId);
      const starts = statements.filter(
        (statement) =>
          [statement.Action].flat().includes('states:StartExecution') &&
          JSON.stringify(statement.Resource).includes('ImageBatches'),
      );
      const needsBatches = routeNeeds(route).includes('batches');
      expect('IMAGE_BATCH_STATE_MACHINE_ARN' in variables, route.handler).toBe(needsBatches);
      expect(starts, route.handler).toHaveLength(needsBatches ? 1 : 0);
      if (needsBatches) expect(JSON.stringify(starts[0]!.Resource)).toContain('ImageBatches');
    }
    expect(
      routes
        .filter((route) => routeNeeds(route).includes('batches'))
        .map((route) => route.path)
        .sort(),
    ).toEqual([
      '/api/admin/data-batch',
      '/api/admin/mouser/batch-retrieve-images',
      '/api/admin/process-images',
      '/api/admin/unified/batch-retrieve-images',
    ]);
  });
});

describe('jobs stack: the search snapshot job', () => {
  let built: ComponentHubApp;
  let jobs: Template;
  let resources: Resources;

  beforeAll(() => {
    built = buildTestApp();
    jobs = Template.fromStack(built.jobs);
    resources = jobs.toJSON().Resources as Resources;
  });

  const logicalIdOf = (construct: { node: { defaultChild?: unknown } }) =>
    built.jobs.resolve((construct.node.defaultChild as { logicalId: string }).logicalId) as string;

  it('runs refresh-search-snapshot every minute, with the memory and time a million parts take', () => {
    const fnId = logicalIdOf(built.jobs.searchSnapshot.function);
    expect(fs.existsSync(path.join(repoRoot, 'functions/src/jobs/refresh-search-snapshot.ts'))).toBe(true);
    expect(SEARCH_SNAPSHOT_EVERY.toMinutes()).toBe(1);
    jobs.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] } })],
    });
    const props = resources[fnId]!.Properties;
    expect(props.MemorySize).toBeGreaterThanOrEqual(3008);
    expect(props.Timeout).toBeGreaterThanOrEqual(600);
  });

  it('is the only function that writes the search snapshot: the job writes it; the search route writes exports only', () => {
    const roleId = logicalIdOf(built.jobs.searchSnapshot.role);
    const s3 = roleStatements(resources, roleId)
      .flatMap((statement) => [statement.Action].flat())
      .filter((action) => action.startsWith('s3:'))
      .sort();
    expect(s3).toEqual(expect.arrayContaining(['s3:GetObject', 's3:PutObject']));
    expect(s3).not.toContain('s3:DeleteObject');
    // The search route writes the exports it is asked for (the index is its own); no search
    // request stores a snapshot (catalogue-search.ts has no such path).
    const search = routes.find((route) => route.handler === 'components/list-components')!;
    expect(routeNeeds(search)).not.toContain('bucket-delete');
  });
});
