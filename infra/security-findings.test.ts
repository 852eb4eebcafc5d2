import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '#lib/edge';
import type { ComponentHubApp } from './build-app.ts';
import { awsS3Origins, siteSecurityHeaders } from './site-headers.ts';
import { buildTestApp, apiTemplate } from './test-app.ts';
import { RECONCILE_EVERY } from './stacks/jobs-stack.ts';
import { SCANNED_ATTRIBUTES } from '#repositories/storage-references';

/*
 * What the security review's findings changed in the stacks. The edge in front of the API: CloudFront forwards the viewer's address and proves with a secret
 * header that a request came through it; every API function is given that secret (and refuses
 * requests without it, see functions/test/login-throttle.test.ts). And the SPA's response
 * headers are the ones the local server sends (infra/site-headers.ts). And the scheduled
 * reconciliation of the bucket with the table.
 */

type Resource = { Type: string; Properties: Record<string, unknown> };

/** A template value with the pseudo parameters and joins resolved, for comparing strings. */
const resolve = (value: unknown, region: string): unknown => {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => resolve(item, region));
  const record = value as Record<string, unknown>;
  if (record.Ref === 'AWS::URLSuffix') return 'amazonaws.com';
  if (record.Ref === 'AWS::Region') return region;
  if ('Fn::Join' in record) {
    const [separator, parts] = record['Fn::Join'] as [string, unknown[]];
    return parts.map((part) => resolve(part, region)).join(separator);
  }
  return Object.fromEntries(Object.entries(record).map(([key, inner]) => [key, resolve(inner, region)]));
};

describe('the edge', () => {
  let built: ComponentHubApp;
  let web: Template;
  let api: Template;

  beforeAll(() => {
    built = buildTestApp({ account: '123456789012', region: 'eu-west-1' });
    web = Template.fromStack(built.web);
    api = apiTemplate(built.api);
  });

  const distributionConfig = () =>
    (Object.values(web.findResources('AWS::CloudFront::Distribution'))[0] as Resource).Properties
      .DistributionConfig as {
      CacheBehaviors: { PathPattern: string; TargetOriginId: string; OriginRequestPolicyId: unknown }[];
      Origins: { Id: string; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
    };
  const apiBehavior = () => distributionConfig().CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;

  it("forwards CloudFront's viewer address to the API with its cookies, query strings and headers, never Host", () => {
    const policies = web.findResources('AWS::CloudFront::OriginRequestPolicy');
    const [policyId, policy] = Object.entries(policies)[0] as [string, Resource];
    expect(Object.keys(policies)).toHaveLength(1);
    expect(apiBehavior().OriginRequestPolicyId).toEqual({ Ref: policyId });
    const config = policy.Properties.OriginRequestPolicyConfig as {
      HeadersConfig: { HeaderBehavior: string; Headers: string[] };
      CookiesConfig: { CookieBehavior: string };
      QueryStringsConfig: { QueryStringBehavior: string };
    };
    expect(config.HeadersConfig.HeaderBehavior).toBe('whitelist');
    const headers = config.HeadersConfig.Headers.map((header) => header.toLowerCase());
    expect(headers).toContain(VIEWER_ADDRESS_HEADER);
    expect(headers).toEqual(expect.arrayContaining(['x-csrf-token', 'content-type', 'origin', 'referer']));
    expect(headers).not.toContain('host');
    // CloudFront's quota: at most 10 headers in an origin request policy.
    expect(headers.length).toBeLessThanOrEqual(10);
    expect(config.CookiesConfig.CookieBehavior).toBe('all');
    expect(config.QueryStringsConfig.QueryStringBehavior).toBe('all');
  });

  it('adds the origin-verify secret to every API request, as a dynamic reference (no value in the template)', () => {
    const origin = distributionConfig().Origins.find((o) => o.Id === apiBehavior().TargetOriginId)!;
    const header = origin.OriginCustomHeaders?.find((h) => h.HeaderName === ORIGIN_VERIFY_HEADER);
    expect(header).toBeDefined();
    const value = JSON.stringify(header!.HeaderValue);
    expect(value).toContain('{{resolve:secretsmanager:');
    const [secretId] = Object.keys(web.findResources('AWS::SecretsManager::Secret'));
    expect(value).toContain(secretId);
    web.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ PasswordLength: 48 }),
    });
  });

  it('gives every API function the secret, so each refuses requests that did not come through CloudFront', () => {
    // Every route's function (the scheduled digest sender takes no requests).
    const routeFunctionNames = new Set([...built.api.functions.values()].map((fn) => fn.functionName));
    const functions = (Object.values(api.findResources('AWS::Lambda::Function')) as Resource[]).filter((fn) =>
      routeFunctionNames.has(fn.Properties.FunctionName as string),
    );
    expect(functions.length).toBe(routeFunctionNames.size);
    expect(functions.length).toBeGreaterThan(40);
    for (const fn of functions) {
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(JSON.stringify(variables.ORIGIN_VERIFY_SECRET_ARN)).toContain('OriginVerifySecret');
    }
    const readers = Object.values(api.findResources('AWS::IAM::Policy')).filter((policy) =>
      JSON.stringify(policy).includes('OriginVerifySecret'),
    );
    expect(readers.length).toBe(functions.length);
    for (const reader of readers) expect(JSON.stringify(reader)).toContain('secretsmanager:GetSecretValue');
  });

  it("sends the SPA's security headers exactly as the local server does (one definition)", () => {
    const policy = Object.values(web.findResources('AWS::CloudFront::ResponseHeadersPolicy')).find((p) =>
      JSON.stringify(p).includes('security headers of the SPA'),
    ) as Resource;
    const config = resolve(policy.Properties.ResponseHeadersPolicyConfig, 'eu-west-1') as {
      SecurityHeadersConfig: {
        ContentSecurityPolicy: { ContentSecurityPolicy: string };
        ContentTypeOptions: object;
        FrameOptions: { FrameOption: string };
        ReferrerPolicy: { ReferrerPolicy: string };
        StrictTransportSecurity: { AccessControlMaxAgeSec: number; IncludeSubdomains: boolean };
        XSSProtection: { Protection: boolean };
      };
      CustomHeadersConfig: { Items: { Header: string; Value: string }[] };
    };
    const security = config.SecurityHeadersConfig;
    const fromCloudFront: Record<string, string> = {
      'content-security-policy': security.ContentSecurityPolicy.ContentSecurityPolicy,
      'x-content-type-options': 'nosniff',
      'x-frame-options': security.FrameOptions.FrameOption,
      'referrer-policy': security.ReferrerPolicy.ReferrerPolicy,
      'x-xss-protection': security.XSSProtection.Protection ? '1' : '0',
      'strict-transport-security': `max-age=${security.StrictTransportSecurity.AccessControlMaxAgeSec}${security.StrictTransportSecurity.IncludeSubdomains ? '; includeSubDomains' : ''}`,
      ...Object.fromEntries(config.CustomHeadersConfig.Items.map((item) => [item.Header.toLowerCase(), item.Value])),
    };
    expect(fromCloudFront).toEqual(siteSecurityHeaders(awsS3Origins('eu-west-1', 'amazonaws.com'), { https: true }));
  });
});

describe('the scheduled reconciliation', () => {
  let built: ComponentHubApp;
  let jobs: Template;

  beforeAll(() => {
    built = buildTestApp();
    jobs = Template.fromStack(built.jobs);
  });

  it('runs the reconcile-storage job on a schedule, with retries', () => {
    const fnId = built.jobs.resolve(
      (built.jobs.reconciliation.function.node.defaultChild as unknown as { logicalId: string }).logicalId,
    ) as string;
    expect(RECONCILE_EVERY.toHours()).toBeLessThanOrEqual(24);
    jobs.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: `rate(${RECONCILE_EVERY.toHours()} hours)`,
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 2 } })],
    });
    jobs.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'events.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] },
    });
    const fn = jobs.findResources('AWS::Lambda::Function')[fnId] as Resource;
    expect(fn.Properties.Timeout).toBe(900);
    expect(JSON.stringify(fn.Properties.Environment)).toContain('TABLE_NAME');
  });

  it('may list the bucket and delete objects, update the table, and Scan it for file-naming attributes only', () => {
    const roleId = built.jobs.resolve(
      (built.jobs.reconciliation.role.node.defaultChild as unknown as { logicalId: string }).logicalId,
    ) as string;
    type Statement = { Effect: string; Action: string | string[]; Condition?: Record<string, Record<string, unknown>> };
    const statements = Object.values(jobs.findResources('AWS::IAM::Policy'))
      .filter((policy) => JSON.stringify((policy as Resource).Properties.Roles).includes(roleId))
      .flatMap((policy) => ((policy as Resource).Properties.PolicyDocument as { Statement: Statement[] }).Statement);
    const actionsOf = (statement: Statement) =>
      Array.isArray(statement.Action) ? statement.Action : [statement.Action];
    const allowed = statements.filter((s) => s.Effect === 'Allow').flatMap(actionsOf);
    expect(allowed).toEqual(expect.arrayContaining(['s3:ListBucket', 's3:DeleteObject', 'dynamodb:UpdateItem']));
    expect(allowed.filter((action) => action.startsWith('s3:')).sort()).toEqual(['s3:DeleteObject', 's3:ListBucket']);
    const scans = statements.filter((s) => s.Effect === 'Allow' && actionsOf(s).includes('dynamodb:Scan'));
    expect(scans).toHaveLength(1);
    expect(scans[0]!.Condition).toEqual({
      StringEquals: { 'dynamodb:Select': 'SPECIFIC_ATTRIBUTES' },
      'ForAllValues:StringEquals': { 'dynamodb:Attributes': [...SCANNED_ATTRIBUTES] },
    });
    for (const secret of ['passwordHash', 'tokenHash', 'pk', 'sk']) expect(SCANNED_ATTRIBUTES).not.toContain(secret);
    // And, like every job, no item action at all on the identity items.
    const denied = statements.filter((s) => s.Effect === 'Deny').map((s) => JSON.stringify(s));
    for (const key of ['PASSWORD#*', 'RESET#*', 'INVITE#*', 'SESSION#*'])
      expect(
        denied.some((s) => s.includes(key)),
        key,
      ).toBe(true);
  });
});

describe('route grants for the new checks', () => {
  it("lets the upload and new-component routes list the bucket (a user's waiting uploads count against their quota)", () => {
    const built = buildTestApp();
    const api = apiTemplate(built.api);
    for (const handler of ['files/create-upload', 'components/create-component']) {
      const fn = built.api.functions.get(handler)!;
      const roleId = built.api.resolve((fn.role.node.defaultChild as unknown as { logicalId: string }).logicalId);
      const statements = Object.values(api.findResources('AWS::IAM::Policy'))
        .filter((policy) => JSON.stringify((policy as Resource).Properties.Roles).includes(String(roleId)))
        .map((policy) => JSON.stringify(policy));
      expect(statements.join(), handler).toContain('s3:ListBucket');
    }
  });
});
