import { Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { SEARCH_HOLDER_HANDLER, routes } from '#shared/routes';
import type { ComponentHubApp } from './build-app.ts';
import { routeNeeds } from './constructs/api-function.ts';
import { catalogueSizeOf, searchFunctionSizing } from './search-sizing.ts';
import { apiTemplate, buildTestApp } from './test-app.ts';

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;
interface Statement {
  Action: string | string[];
  Resource: unknown;
}

const holderProperties = (built: ComponentHubApp) => {
  const fn = built.api.functions.get(SEARCH_HOLDER_HANDLER)!;
  const logicalId = built.api.resolve((fn.function.node.defaultChild as CfnFunction).logicalId) as string;
  const resources = apiTemplate(built.api).toJSON().Resources as Resources;
  return resources[logicalId]!.Properties as { MemorySize: number; Timeout: number; FunctionName: string };
};

/** The roles (by logical id) of a template whose policies allow lambda:InvokeFunction, with the resources. */
const invokers = (resources: Resources): Map<string, unknown[]> => {
  const found = new Map<string, unknown[]>();
  for (const resource of Object.values(resources)) {
    if (resource.Type !== 'AWS::IAM::Policy') continue;
    const statements = (resource.Properties.PolicyDocument as { Statement: Statement[] }).Statement;
    const invoking = statements.filter((statement) => [statement.Action].flat().includes('lambda:InvokeFunction'));
    if (invoking.length === 0) continue;
    for (const role of resource.Properties.Roles as { Ref: string }[])
      found.set(role.Ref, [...(found.get(role.Ref) ?? []), ...invoking.map((statement) => statement.Resource)]);
  }
  return found;
};

const roleIdOf = (built: ComponentHubApp, handler: string): string =>
  built.api.resolve(
    (built.api.functions.get(handler)!.role.node.defaultChild as unknown as { logicalId: string }).logicalId,
  ) as string;

describe('the search function, the one holder of the index', () => {
  it('derives its memory from the declared catalogue size, and refuses nonsense', () => {
    expect(catalogueSizeOf(undefined)).toBe(100_000);
    expect(catalogueSizeOf('250000')).toBe(250_000);
    for (const nonsense of [0, -5, 1.5, 'many', '1e6', 6_000_000, true, {}])
      expect(() => catalogueSizeOf(nonsense), JSON.stringify(nonsense)).toThrow(/catalogueSize/);
    expect(searchFunctionSizing(100_000)).toEqual({ memoryMb: 1769, timeoutSeconds: 29 });
    expect(searchFunctionSizing(1_000_000)).toEqual({ memoryMb: 2112, timeoutSeconds: 29 });
    expect(searchFunctionSizing(2_000_000).memoryMb).toBe(3712);
  });

  it('is synthesized at the declared size (100,000 by default, a million when declared)', () => {
    const small = holderProperties(buildTestApp());
    expect(small.MemorySize).toBe(1769);
    expect(small.Timeout).toBe(29);
    const large = holderProperties(buildTestApp({ catalogueSize: '1000000' }));
    expect(large.MemorySize).toBe(2112);
    expect(large.Timeout).toBe(29);
    expect(() => buildTestApp({ catalogueSize: 'lots' })).toThrow(/catalogueSize/);
  });

  it('may be invoked only by the routes and batch steps that ask it, and by nothing else', () => {
    const built = buildTestApp();
    const resources = apiTemplate(built.api).toJSON().Resources as Resources;
    const asking = routes.filter((route) => routeNeeds(route).includes('search-holder')).map((route) => route.handler);
    expect(asking.sort()).toEqual([
      'approvals/list-approval-requests',
      'components/export-components',
      'components/list-duplicate-candidates',
      'components/list-unread-values',
      'distributors/start-data-batch',
    ]);
    const found = invokers(resources);
    expect([...found.keys()].sort()).toEqual(asking.map((handler) => roleIdOf(built, handler)).sort());
    const name = holderProperties(built).FunctionName;
    for (const [, granted] of found) {
      expect(granted).toHaveLength(1);
      expect(JSON.stringify(built.api.resolve(granted[0]))).toContain(`:function:${name}`);
    }
    // The holder is told nothing of itself; the routes that ask are told its name.
    const variables = (handler: string) =>
      (
        resources[
          built.api.resolve((built.api.functions.get(handler)!.function.node.defaultChild as CfnFunction).logicalId)
        ]!.Properties.Environment as { Variables: Record<string, unknown> }
      ).Variables;
    expect(variables('components/export-components').SEARCH_FUNCTION_NAME).toBe(name);
    expect(variables(SEARCH_HOLDER_HANDLER).SEARCH_FUNCTION_NAME).toBeUndefined();
    // A data batch's steps ask it too (the parts of a class, a replacement's part).
    const jobs = Template.fromStack(built.jobs).toJSON().Resources as Resources;
    const askingJobs = [...invokers(jobs).values()].filter((granted) =>
      JSON.stringify(built.jobs.resolve(granted)).includes(`:function:${name}`),
    );
    expect(askingJobs).toHaveLength(2);
  });
});
