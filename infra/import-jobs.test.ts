import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '#shared/routes';
import type { ComponentHubApp } from './build-app.ts';
import { importJobs, type ImportJob } from './constructs/import-jobs.ts';
import { routeNeeds } from './constructs/api-function.ts';
import { buildTestApp, apiTemplate, roleStatements } from './test-app.ts';

/*
 * The Excel import's state machine as synthesized: preview, then commit slice after slice with
 * retries, every failure ending the import with its counts; its tasks' grants; who may start it.
 */

type State = {
  Type: string;
  Resource?: string;
  Next?: string;
  Default?: string;
  Choices?: { Variable: string; Next: string; StringEquals?: string; BooleanEquals?: boolean; IsPresent?: boolean }[];
  Retry?: { ErrorEquals: string[]; MaxAttempts?: number; BackoffRate?: number; JitterStrategy?: string }[];
  Catch?: { ErrorEquals: string[]; Next: string }[];
  Parameters?: Record<string, unknown>;
};
type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;

describe('jobs stack: the Excel import state machine', () => {
  let built: ComponentHubApp;
  let resources: Resources;
  let definition: { StartAt: string; States: Record<string, State> };

  const logicalIdOf = (construct: { node: { defaultChild?: unknown } }) =>
    built.jobs.resolve((construct.node.defaultChild as { logicalId: string }).logicalId) as string;
  const fn = (job: ImportJob) => `fn:${logicalIdOf(built.jobs.imports.functions.get(job)!.function)}`;

  beforeAll(() => {
    built = buildTestApp();
    resources = Template.fromStack(built.jobs).toJSON().Resources as Resources;
    const machine = resources[logicalIdOf(built.jobs.imports.stateMachine)]!.Properties as {
      DefinitionString: { 'Fn::Join': [string, unknown[]] };
    };
    definition = JSON.parse(
      machine.DefinitionString['Fn::Join'][1]
        .map((part) =>
          typeof part === 'string' ? part : `fn:${(part as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0]}`,
        )
        .join(''),
    ) as typeof definition;
  });

  it('previews, then commits slice after slice until none is left, retrying a failed slice with backoff', () => {
    const start = definition.States[definition.StartAt]!;
    expect(start.Type).toBe('Choice');
    const preview = definition.States[start.Choices!.find((choice) => choice.StringEquals === 'preview')!.Next]!;
    expect(preview.Resource).toBe(fn('preview-import'));
    const slice = definition.States[start.Default!]!;
    expect(slice.Resource).toBe(fn('commit-import-slice'));
    const retry = slice.Retry!.find((rule) => rule.ErrorEquals.includes('States.ALL'))!;
    expect(retry).toMatchObject({ BackoffRate: 2, JitterStrategy: 'FULL' });
    expect(retry.MaxAttempts).toBeGreaterThanOrEqual(5);
    // The loop: more slices go back to the same task; none left ends the commit with its counts.
    const more = definition.States[slice.Next!]!;
    expect(more.Choices).toEqual([
      expect.objectContaining({ Variable: '$.slice.done', BooleanEquals: false, Next: start.Default }),
    ]);
    expect(definition.States[more.Default!]!.Resource).toBe(fn('finish-import'));
    // A slice that keeps failing ends the commit as failed (exact counts are in the table), then fails the run.
    const failed = definition.States[slice.Catch![0]!.Next]!;
    expect(failed.Resource).toBe(fn('finish-import'));
    expect(definition.States[failed.Next!]!.Type).toBe('Fail');
    // The one-call import goes on from its preview to the commit in the same execution.
    const after = definition.States[preview.Next!]!;
    const goOn = definition.States[after.Choices!.find((choice) => choice.IsPresent)!.Next]!;
    expect(goOn).toMatchObject({ Type: 'Pass', Next: start.Default });
    expect(definition.States[preview.Catch![0]!.Next]!.Resource).toBe(fn('finish-import'));
  });

  it('gives the tasks only the bucket objects under imports/, and the table', () => {
    const policiesOf = (job: ImportJob) => {
      const roleId = logicalIdOf(built.jobs.imports.functions.get(job)!.role);
      return roleStatements(resources, roleId);
    };
    const objectActions = (job: ImportJob) =>
      policiesOf(job)
        .filter((statement) => JSON.stringify(statement.Resource).includes('/imports/*'))
        .flatMap((statement) => [statement.Action].flat())
        .sort();
    expect(objectActions('preview-import')).toEqual(['s3:GetObject', 's3:PutObject']);
    expect(objectActions('commit-import-slice')).toEqual(['s3:GetObject']);
    expect(objectActions('finish-import')).toEqual([]);
    for (const job of importJobs) {
      const actions = policiesOf(job).flatMap((statement) => [statement.Action].flat());
      expect(actions, job).toContain('dynamodb:UpdateItem');
      expect(actions.filter((action) => action.startsWith('s3:') && action !== 's3:ListBucket').length > 0, job).toBe(
        job !== 'finish-import',
      );
      const props = resources[logicalIdOf(built.jobs.imports.functions.get(job)!.function)]!.Properties;
      expect(props, job).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'] });
    }
  });

  it("lets only the routes that need 'import-jobs' start it and ask about its executions", () => {
    const needing = routes.filter((route) => routeNeeds(route).includes('import-jobs')).map((route) => route.path);
    expect(needing.sort()).toEqual([
      '/api/import-excel',
      '/api/imports/{id}',
      '/api/imports/{id}',
      '/api/imports/{id}/commit',
    ]);
    const api = apiTemplate(built.api).toJSON().Resources as Resources;
    for (const route of routes) {
      const fnConstruct = built.api.functions.get(route.handler)!;
      const variables = (
        api[
          built.api.resolve(
            (fnConstruct.function.node.defaultChild as unknown as { logicalId: string }).logicalId,
          ) as string
        ]!.Properties.Environment as { Variables: Record<string, unknown> }
      ).Variables;
      expect('IMPORT_JOBS_STATE_MACHINE_ARN' in variables, route.handler).toBe(
        routeNeeds(route).includes('import-jobs'),
      );
    }
  });
});
