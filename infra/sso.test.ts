import fs from 'node:fs';
import path from 'node:path';
import type { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeKey, routes } from '#shared/routes';
import type { ComponentHubApp } from './build-app.ts';
import { ComponentHubNagChecks } from './nag.ts';
import { repoRoot } from './paths.ts';
import { buildTestApp, apiTemplate } from './test-app.ts';

const secretArn = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:component-hub/prod/oidc-AbCdEf';
const ssoContext = {
  oidcIssuer: 'https://login.microsoftonline.com/00000000-0000-0000-0000-000000000000/v2.0',
  oidcClientId: '11111111-2222-3333-4444-555555555555',
  oidcClientSecretArn: secretArn,
  oidcAdminGroups: 'aaaaaaaa-0000-0000-0000-000000000001',
  oidcAllowedGroups: 'aaaaaaaa-0000-0000-0000-000000000002',
  oidcAllowedDomains: 'example.com',
  oidcButtonLabel: 'Microsoft',
  passwordLogin: 'admins-only',
  ssoAccountPasswords: 'never',
};

type Fn = { Properties: { FunctionName: string; Environment: { Variables: Record<string, unknown> } } };

const functionsOf = (template: Template): Fn[] =>
  Object.values(template.findResources('AWS::Lambda::Function')) as unknown as Fn[];

const nagFindings = (stack: Stack): string[] =>
  new ComponentHubNagChecks()
    .validateScope(stack)
    .violations.flatMap((violation) =>
      violation.violatingResources.map((resource) => `${violation.ruleName} at ${resource.constructPath ?? '?'}`),
    );

/** The CloudFront domain of the web stack, as the API stack imports it. */
const siteDomainReference = (built: ComponentHubApp) =>
  built.api.resolve(built.web.distribution.distributionDomainName) as unknown;

// Synthesizing the app takes tens of seconds on a busy machine.
describe('single sign-on in the CDK app', { timeout: 180_000 }, () => {
  let configured: ComponentHubApp;
  beforeAll(() => {
    configured = buildTestApp(ssoContext);
  }, 180_000);

  it('makes a function and a route for the start, re-authenticate, callback and back-channel logout routes (and the login page options)', () => {
    const built = configured;
    const template = apiTemplate(built.api);
    const ssoRoutes = routes.filter((route) => route.path.startsWith('/api/sso/'));
    expect(ssoRoutes.map(routeKey).sort()).toEqual([
      'GET /api/sso/callback',
      'GET /api/sso/options',
      'GET /api/sso/reauthenticate',
      'GET /api/sso/start',
      'POST /api/sso/backchannel-logout',
    ]);
    for (const route of ssoRoutes) {
      expect(built.api.functions.get(route.handler), route.handler).toBeDefined();
      template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: routeKey(route) });
    }
  });

  it('lets only the callback read the client secret, by ARN', () => {
    const built = configured;
    const template = apiTemplate(built.api);
    const withSecret = functionsOf(template).filter((fn) => fn.Properties.Environment.Variables.OIDC_CLIENT_SECRET_ARN);
    expect(withSecret.map((fn) => fn.Properties.FunctionName)).toEqual([
      built.api.functions.get('sso/finish-sign-in')!.functionName,
    ]);
    expect(withSecret[0]!.Properties.Environment.Variables.OIDC_CLIENT_SECRET_ARN).toBe(secretArn);
    const readers = Object.values(template.findResources('AWS::IAM::Policy')).filter((policy) =>
      JSON.stringify(policy).includes(secretArn),
    );
    expect(readers).toHaveLength(1);
    const statement = JSON.stringify(readers[0]);
    expect(statement).toContain('secretsmanager:GetSecretValue');
    expect(statement).not.toContain('secretsmanager:*');
    // The secret's value never appears in the template.
    expect(JSON.stringify(template.toJSON())).not.toMatch(/OIDC_CLIENT_SECRET"/);
    expect(nagFindings(built.api).join('\n')).toBe('');
  });

  it('sets the callback URL from the CloudFront domain, and the settings on every function', () => {
    const built = configured;
    const template = apiTemplate(built.api);
    const domain = siteDomainReference(built);
    const callback = { 'Fn::Join': ['', ['https://', domain, '/api/sso/callback']] };
    // In the accounts' stack the domain arrives as an import from the web stack.
    const anyCallback = { 'Fn::Join': ['', ['https://', expect.anything(), '/api/sso/callback']] };
    // Every route's function; the digest sender signs nobody in.
    const routeFunctionNames = new Set([...built.api.functions.values()].map((fn) => fn.functionName));
    const routeFunctions = functionsOf(template).filter((fn) => routeFunctionNames.has(fn.Properties.FunctionName));
    expect(routeFunctions).toHaveLength(routeFunctionNames.size);
    for (const fn of routeFunctions) {
      expect(fn.Properties.Environment.Variables).toMatchObject({
        OIDC_ISSUER: ssoContext.oidcIssuer,
        OIDC_CLIENT_ID: ssoContext.oidcClientId,
        OIDC_ADMIN_GROUPS: ssoContext.oidcAdminGroups,
        OIDC_ALLOWED_GROUPS: ssoContext.oidcAllowedGroups,
        OIDC_ALLOWED_DOMAINS: 'example.com',
        OIDC_BUTTON_LABEL: 'Microsoft',
        PASSWORD_LOGIN: 'admins-only',
        SSO_ACCOUNT_PASSWORDS: 'never',
        OIDC_REDIRECT_URI: anyCallback,
      });
    }
    template.hasOutput('SsoCallbackUrl', { Value: callback });
    // With a custom domain the callback is on that domain.
    const custom = Template.fromStack(buildTestApp({ ...ssoContext, appUrl: 'https://hub.example.com' }).api);
    custom.hasOutput('SsoCallbackUrl', { Value: 'https://hub.example.com/api/sso/callback' });
  });

  it('leaves single sign-on out without the context, with password login for everyone', () => {
    const template = Template.fromStack(buildTestApp().api);
    expect(JSON.stringify(template.toJSON())).not.toContain('OIDC_');
    for (const fn of functionsOf(template)) {
      expect(fn.Properties.Environment.Variables.PASSWORD_LOGIN).toBeUndefined();
      expect(fn.Properties.Environment.Variables.SSO_ACCOUNT_PASSWORDS).toBeUndefined();
    }
    expect(template.findOutputs('SsoCallbackUrl')).toEqual({});
  });

  it.each([
    [{ oidcIssuer: 'http://login.example.com' }, /https URL/],
    [{ oidcClientId: undefined }, /oidcClientId/],
    [{ oidcClientSecretArn: 'my-secret' }, /complete ARN/],
    [{ oidcAdminGroups: undefined, oidcAllowedGroups: undefined, oidcAllowedDomains: undefined }, /who may sign in/],
    [{ passwordLogin: 'never' }, /'on' or 'admins-only'/],
    [{ ssoAccountPasswords: 'sometimes' }, /'after-fresh-sign-in' or 'never'/],
  ])('refuses bad context %o', (change, message) => {
    expect(() => buildTestApp({ ...ssoContext, ...change })).toThrow(message);
  });

  it('refuses PASSWORD_LOGIN=admins-only without single sign-on', () => {
    expect(() => buildTestApp({ passwordLogin: 'admins-only' })).toThrow(/needs single sign-on/);
  });

  it('never deploys the local OpenID provider: no function or stack code imports it', () => {
    const sources = ['functions/src', 'infra', 'shared'].flatMap((dir) =>
      fs
        .readdirSync(path.join(repoRoot, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
        .map((file) => path.join(repoRoot, dir, file)),
    );
    expect(sources.length).toBeGreaterThan(50);
    const importers = sources.filter((file) =>
      /from ['"](oidc-provider|[./]*scripts\/local\/oidc-provider[^'"]*)['"]/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(importers).toEqual([]);
  });
});
