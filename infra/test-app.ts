import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll } from 'vitest';
import { buildApp, type BuildAppOptions, type ComponentHubApp } from './build-app.ts';
import { repoRoot } from './paths.ts';
import type { ApiStack } from './stacks/api-stack.ts';

/*
 * The CDK app for template tests: as `npm run synth` builds it (cdk.json's context), but with
 * esbuild bundling skipped (`aws:cdk:bundling-stacks: []`) so the tests stay fast, a stand-in
 * web/dist, and the cloud assembly in a temporary directory removed after the test file.
 */
export const cdkJsonContext = (
  JSON.parse(fs.readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }
).context;

const tempDirs: string[] = [];
export const tempDir = (prefix: string): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

export const buildTestApp = (
  context: Record<string, unknown> = {},
  options: Omit<BuildAppOptions, 'context'> = {},
): ComponentHubApp => {
  const webDist = tempDir('component-hub-web-dist-');
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Component Hub</title>');
  return buildApp({
    ...options,
    outdir: tempDir('component-hub-cdk-'),
    context: { ...cdkJsonContext, 'aws:cdk:bundling-stacks': [], webDistDir: webDist, ...context },
  });
};

/**
 * Every API function's resources (and the outputs) in one template: the API stack and the stack
 * beside it that holds the accounts' routes (a stack holds at most 500 resources). Logical ids do not collide:
 * each names its route.
 */
export const apiTemplate = (api: ApiStack): Template => {
  const templates = api.routeStacks.map((stack) => Template.fromStack(stack).toJSON());
  const merged = (part: 'Resources' | 'Outputs') =>
    Object.assign({}, ...templates.map((template) => (template[part] ?? {}) as Record<string, unknown>));
  return Template.fromJSON({ Resources: merged('Resources'), Outputs: merged('Outputs') });
};

export type TemplateResources = Record<string, { Type: string; Properties: Record<string, unknown> }>;
export interface PolicyStatement {
  Action: string | string[];
  Resource: unknown;
}

/** The statements of the IAM policies a template attaches to one role (by the role's logical id). */
export const roleStatements = (resources: TemplateResources, roleId: string): PolicyStatement[] =>
  Object.values(resources)
    .filter(
      (resource) =>
        resource.Type === 'AWS::IAM::Policy' &&
        (resource.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId),
    )
    .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: PolicyStatement[] }).Statement);
