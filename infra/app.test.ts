import fs from 'node:fs';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { CachePolicy } from 'aws-cdk-lib/aws-cloudfront';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { functionMemoryMb, routeKey, routes, type RouteDefinition } from '#shared/routes';
import { tableDefinition } from '#repositories/table-definition';
import type { ComponentHubApp } from './build-app.ts';
import { buildTestApp, cdkJsonContext, tempDir, apiTemplate } from './test-app.ts';
import { constructIdFor } from './construct-ids.ts';
import { routeNeeds } from './constructs/api-function.ts';
import { ComponentHubNagChecks } from './nag.ts';
import { repoRoot } from './paths.ts';

const build = buildTestApp;

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown>; [key: string]: unknown }>;
type Statement = { Effect: string; Action: string | string[]; Resource?: unknown };

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Every IAM statement of a template (policies, managed policies and roles' inline policies). */
const statementsOf = (template: Template): { logicalId: string; statement: Statement }[] => {
  const out: { logicalId: string; statement: Statement }[] = [];
  const resources = template.toJSON().Resources as Resources;
  for (const [logicalId, resource] of Object.entries(resources)) {
    const documents: unknown[] = [];
    if (resource.Type === 'AWS::IAM::Policy' || resource.Type === 'AWS::IAM::ManagedPolicy') {
      documents.push(resource.Properties?.PolicyDocument);
    }
    if (resource.Type === 'AWS::IAM::Role') {
      for (const policy of asArray(resource.Properties?.Policies as { PolicyDocument: unknown }[] | undefined)) {
        documents.push(policy.PolicyDocument);
      }
    }
    for (const document of documents) {
      for (const statement of asArray((document as { Statement?: Statement[] }).Statement)) {
        out.push({ logicalId, statement });
      }
    }
  }
  return out;
};

const logicalIdOf = (fnStack: Stack, cfn: CfnFunction): string => fnStack.resolve(cfn.logicalId) as string;

/** Actions granted to one route function's role. */
const actionsOfFunction = (built: ComponentHubApp, handler: string): string[] => {
  const fn = built.api.functions.get(handler);
  if (!fn) throw new Error(`no function for ${handler}`);
  return actionsOfRole(built, fn.role);
};

/** Actions granted to one role of the API stack. */
const actionsOfRole = (built: ComponentHubApp, role: IConstruct): string[] => {
  const template = apiTemplate(built.api);
  const roleId = built.api.resolve((role.node.defaultChild as unknown as { logicalId: string }).logicalId) as string;
  const resources = template.toJSON().Resources as Resources;
  const policyIds = Object.entries(resources)
    .filter(([, resource]) => resource.Type === 'AWS::IAM::Policy')
    .filter(([, resource]) =>
      asArray(resource.Properties?.Roles as { Ref: string }[]).some((role) => role.Ref === roleId),
    )
    .map(([id]) => id);
  return statementsOf(template)
    .filter(({ logicalId }) => policyIds.includes(logicalId))
    .flatMap(({ statement }) => asArray(statement.Action));
};

/** cdk-nag's AwsSolutions findings (errors and warnings) that are not acknowledged, as readable lines. */
const nagFindings = (stack: Stack): string[] =>
  new ComponentHubNagChecks()
    .validateScope(stack)
    .violations.flatMap((violation) =>
      violation.violatingResources.map(
        (resource) =>
          `${violation.severity ?? ''} ${violation.ruleName} at ${resource.constructPath ?? resource.resourceLogicalId ?? '?'}`,
      ),
    );

describe('CDK app', () => {
  let built: ComponentHubApp;
  let data: Template;
  let api: Template;
  let web: Template;

  beforeAll(() => {
    built = build();
    data = Template.fromStack(built.data);
    api = apiTemplate(built.api);
    web = Template.fromStack(built.web);
  });

  it('has its stacks named after the stage', () => {
    expect(
      built.app.node.children
        .filter(Stack.isStack)
        .map((stack) => stack.stackName)
        .sort(),
    ).toEqual([
      'ComponentHub-dev-Api',
      'ComponentHub-dev-ApiAccounts',
      'ComponentHub-dev-Data',
      'ComponentHub-dev-Jobs',
      'ComponentHub-dev-Monitoring',
      'ComponentHub-dev-Web',
    ]);
    const other = build({ stage: 'prod' });
    expect(other.api.stackName).toBe('ComponentHub-prod-Api');
  });

  describe('API stack', () => {
    const routeFunctions = () =>
      api.findResources('AWS::Lambda::Function', {
        Properties: { Environment: { Variables: { CSRF_SECRET_ARN: Match.anyValue() } } },
      });

    it('has one Lambda function per manifest route, and only the digest sender besides', () => {
      expect(Object.keys(routeFunctions())).toHaveLength(routes.length);
      expect(Object.keys(api.findResources('AWS::Lambda::Function'))).toHaveLength(routes.length + 1);
      for (const route of routes) {
        const fn = built.api.functions.get(route.handler);
        expect(fn, route.handler).toBeDefined();
        expect(fn!.node.id).toBe(constructIdFor(route.handler));
      }
    });

    it('gives the distributor searches and reads, the Excel import, bulk review, a merge, the export and the search function (which writes exports) 29 s and every other function 10 s', () => {
      for (const route of routes) {
        const cfn = built.api.functions.get(route.handler)!.function.node.defaultChild as CfnFunction;
        const resource = api.toJSON().Resources[logicalIdOf(built.api, cfn)] as { Properties: { Timeout: number } };
        const long =
          route.handler.startsWith('distributors/search-') ||
          route.handler === 'distributors/read-distributor-data' ||
          route.handler === 'distributors/look-up-distributor-part' ||
          route.handler === 'import/import-excel' ||
          route.handler === 'approvals/bulk-review-approval-requests' ||
          route.handler === 'components/merge-component' ||
          route.handler === 'components/export-components' ||
          route.handler === 'components/list-components';
        expect(resource.Properties.Timeout, route.handler).toBe(long ? 29 : 10);
      }
    });

    it('runs every function on Node 24, ARM64, with the house defaults', () => {
      for (const [logicalId, resource] of Object.entries(routeFunctions())) {
        const props = resource.Properties as Record<string, unknown>;
        expect(props.Runtime, logicalId).toBe('nodejs24.x');
        expect(props.Architectures, logicalId).toEqual(['arm64']);
        expect(props.Handler, logicalId).toBe('index.handler');
        expect([10, 29], logicalId).toContain(props.Timeout);
        expect(props.LoggingConfig, logicalId).toEqual({ LogGroup: { Ref: expect.any(String) } });
        const env = (props.Environment as { Variables: Record<string, unknown> }).Variables;
        const batchArn = env.IMAGE_BATCH_STATE_MACHINE_ARN === undefined ? [] : ['IMAGE_BATCH_STATE_MACHINE_ARN'];
        const importArn = env.IMPORT_JOBS_STATE_MACHINE_ARN === undefined ? [] : ['IMPORT_JOBS_STATE_MACHINE_ARN'];
        const searchFunction = env.SEARCH_FUNCTION_NAME === undefined ? [] : ['SEARCH_FUNCTION_NAME'];
        expect(Object.keys(env).sort(), logicalId).toEqual(
          [
            ...batchArn,
            ...importArn,
            ...searchFunction,
            'APP_URL',
            'BUCKET_NAME',
            'CSRF_SECRET_ARN',
            'MAIL_FROM',
            'NODE_OPTIONS',
            'ORIGIN_VERIFY_SECRET_ARN',
            'POWERTOOLS_SERVICE_NAME',
            'TABLE_NAME',
          ].sort(),
        );
        expect(env.NODE_OPTIONS).toBe('--enable-source-maps');
        expect(env.MAIL_FROM).toBe(`Component Hub <${String(cdkJsonContext.sesSenderEmail)}>`);
      }
      // Every function writes to its own log group, which has a retention.
      const logGroups = api.findResources('AWS::Logs::LogGroup');
      expect(Object.keys(logGroups)).toHaveLength(routes.length + 1);
      for (const group of Object.values(logGroups)) {
        expect((group.Properties as { RetentionInDays?: number }).RetentionInDays).toBeGreaterThan(0);
      }
    });

    it('bundles each function from its handler module', () => {
      for (const route of routes) {
        expect(fs.existsSync(path.join(repoRoot, 'functions/src/handlers', `${route.handler}.ts`)), route.handler).toBe(
          true,
        );
      }
    });

    it('gives password hashing and search more memory, and the others 256 MB', () => {
      const memoryOf = (handler: string) => functionMemoryMb(routes.find((route) => route.handler === handler)!);
      for (const handler of ['auth/login', 'auth/change-password', 'auth/reset-password', 'users/set-user-password']) {
        expect(memoryOf(handler), handler).toBe(1024);
      }
      expect(memoryOf('components/list-components')).toBeGreaterThanOrEqual(1024);
      expect(memoryOf('components/get-component')).toBe(256);
      // One function holds the whole search index; the counting routes read the summary and the
      // others ask the search function.
      expect(
        routes
          .filter((route) => functionMemoryMb(route) >= 1024 && routeNeeds(route).includes('bucket-read'))
          .map((route) => route.handler)
          .filter((handler) => !['import/import-excel'].includes(handler))
          .sort(),
      ).toEqual(['components/list-components']);
      for (const handler of ['stats/get-stats', 'components/list-related-components', 'images/get-image-stats'])
        expect(memoryOf(handler), handler).toBeLessThanOrEqual(512);
      for (const route of routes) {
        const cfn = built.api.functions.get(route.handler)!.function.node.defaultChild as CfnFunction;
        const resource = api.toJSON().Resources[logicalIdOf(built.api, cfn)] as { Properties: { MemorySize: number } };
        // The search function is sized from the declared catalogue size (search-holder.test.ts).
        if (route.handler !== 'components/list-components')
          expect(resource.Properties.MemorySize, route.handler).toBe(functionMemoryMb(route));
      }
    });

    it('has one route per manifest entry, with its route key, wired to that entry’s function', () => {
      const resources = api.toJSON().Resources as Resources;
      const apiRoutes = Object.values(resources).filter((resource) => resource.Type === 'AWS::ApiGatewayV2::Route');
      expect(apiRoutes).toHaveLength(routes.length);
      for (const route of routes) {
        const found = apiRoutes.filter((resource) => resource.Properties?.RouteKey === routeKey(route));
        expect(found, routeKey(route)).toHaveLength(1);
        // Target: integrations/<integration>; the integration invokes the function of this route.
        const target = found[0]!.Properties!.Target as { 'Fn::Join': [string, [string, { Ref: string }]] };
        const integration = resources[target['Fn::Join'][1][1].Ref]!;
        expect(integration.Type).toBe('AWS::ApiGatewayV2::Integration');
        expect(integration.Properties?.IntegrationType).toBe('AWS_PROXY');
        expect(integration.Properties?.PayloadFormatVersion).toBe('2.0');
        const cfn = built.api.functions.get(route.handler)!.function.node.defaultChild as CfnFunction;
        expect(integration.Properties?.IntegrationUri).toEqual({ 'Fn::GetAtt': [logicalIdOf(built.api, cfn), 'Arn'] });
      }
    });

    it('grants each function read/write on the table and its indexes only, and the CSRF key', () => {
      for (const route of routes) {
        const actions = actionsOfFunction(built, route.handler);
        expect(actions, route.handler).toEqual(
          expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem']),
        );
        expect(actions, route.handler).toContain('secretsmanager:GetSecretValue');
        const needs = routeNeeds(route);
        expect(
          actions.some((action) => action.startsWith('ses:')),
          route.handler,
        ).toBe(needs.includes('mail'));
        expect(actions.includes('s3:GetObject'), route.handler).toBe(needs.includes('bucket-read'));
        expect(actions.includes('s3:PutObject'), route.handler).toBe(needs.includes('bucket-write'));
        expect(actions.includes('s3:DeleteObject'), route.handler).toBe(needs.includes('bucket-delete'));
        expect(
          actions.filter(
            (action) =>
              !/^(dynamodb|secretsmanager|logs|ses|s3):/.test(action) &&
              !['xray:PutTraceSegments', 'xray:PutTelemetryRecords'].includes(action),
          ),
          route.handler,
        ).toEqual([
          ...(needs.includes('batches') ? ['states:StartExecution'] : []),
          ...(needs.includes('import-jobs') ? ['states:StartExecution', 'states:DescribeExecution'] : []),
          ...(needs.includes('search-holder') ? ['lambda:InvokeFunction'] : []),
        ]);
      }
      const tableStatements = statementsOf(api).filter(({ statement }) =>
        asArray(statement.Action).some((action) => action.startsWith('dynamodb:')),
      );
      expect(tableStatements.length).toBeGreaterThan(0);
      for (const { statement } of tableStatements) {
        const resources = JSON.stringify(statement.Resource);
        expect(resources).not.toContain('*');
        for (const index of tableDefinition.globalSecondaryIndexes)
          expect(resources).toContain(`/index/${index.indexName}`);
      }
    });

    it('keeps the CSRF secret out of the template and passes its ARN', () => {
      api.hasResourceProperties('AWS::SecretsManager::Secret', {
        GenerateSecretString: Match.objectLike({ PasswordLength: 64 }),
      });
      const secret = api.findResources('AWS::SecretsManager::Secret');
      expect(Object.values(secret)[0]!.Properties).not.toHaveProperty('SecretString');
    });

    it('runs the approval digest sender every 5 minutes, allowed to read the table and send from the sender identity only', () => {
      const cfn = built.api.approvalDigests.function.node.defaultChild as CfnFunction;
      const id = logicalIdOf(built.api, cfn);
      const fn = api.toJSON().Resources[id] as {
        Properties: { Timeout: number; Environment: { Variables: Record<string, unknown> } };
      };
      expect(fn.Properties.Timeout).toBe(60);
      expect(Object.keys(fn.Properties.Environment.Variables).sort()).toEqual(
        ['APP_URL', 'BUCKET_NAME', 'MAIL_FROM', 'NODE_OPTIONS', 'POWERTOOLS_SERVICE_NAME', 'TABLE_NAME'].sort(),
      );
      api.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: 'rate(5 minutes)',
        State: 'ENABLED',
        Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [id, 'Arn'] } })],
      });
      const actions = actionsOfRole(built, built.api.approvalDigests.role);
      expect(actions).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:UpdateItem', 'ses:SendEmail']));
      expect(actions.filter((action) => /^(s3|secretsmanager|states):/.test(action))).toEqual([]);
    });

    it('has the SES sender identity from context', () => {
      api.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: cdkJsonContext.sesSenderEmail });
    });

    it('outputs the API URL', () => {
      api.hasOutput('ApiUrl', {});
    });
  });

  describe('route needs', () => {
    it("grants 'mail', 'bucket-read' and 'bucket-write' where the manifest asks for them", () => {
      const withNeeds: Record<string, readonly string[]> = {
        'auth/forgot-password': ['mail'],
        'auth/get-user': ['bucket-read'],
        'auth/update-user': ['bucket-read', 'bucket-write'],
      };
      const manifest = routes.map((route) =>
        withNeeds[route.handler] ? ({ ...route, needs: withNeeds[route.handler] } as RouteDefinition) : route,
      );
      const other = build({}, { routes: manifest });
      const template = apiTemplate(other.api);

      const mail = actionsOfFunction(other, 'auth/forgot-password');
      expect(mail).toEqual(expect.arrayContaining(['ses:SendEmail', 'ses:SendRawEmail']));
      expect(mail.filter((action) => action.startsWith('s3:'))).toEqual([]);
      expect(actionsOfFunction(other, 'auth/get-user')).toEqual(expect.arrayContaining(['s3:GetObject']));
      expect(actionsOfFunction(other, 'auth/get-user')).not.toContain('s3:PutObject');
      expect(actionsOfFunction(other, 'auth/update-user')).toEqual(
        expect.arrayContaining(['s3:GetObject', 's3:PutObject']),
      );
      expect(actionsOfFunction(other, 'auth/login').filter((action) => /^(s3|ses):/.test(action))).toEqual([]);

      // SES permissions are on the sender identity only.
      const ses = statementsOf(template).filter(({ statement }) =>
        asArray(statement.Action).some((action) => action.startsWith('ses:')),
      );
      expect(ses.length).toBeGreaterThan(0);
      for (const { statement } of ses) {
        expect(JSON.stringify(statement.Resource)).toContain(':identity/');
      }
      expect(nagFindings(other.api).join('\n')).toBe('');
    });

    it('rejects an unknown need instead of granting nothing', () => {
      const manifest = routes.map((route) =>
        route.handler === 'auth/login'
          ? ({ ...route, needs: ['bucket-everything'] } as unknown as RouteDefinition)
          : route,
      );
      expect(() => build({}, { routes: manifest })).toThrow(/unknown need "bucket-everything"/);
    });
  });

  describe('data stack', () => {
    it('has the single table with PITR, TTL on expiresAt, deletion protection, retained (outside dev stages)', () => {
      const data = Template.fromStack(build({ stage: 'prod' }).data);
      data.resourceCountIs('AWS::DynamoDB::Table', 1);
      data.hasResource('AWS::DynamoDB::Table', {
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Retain',
        Properties: Match.objectLike({
          BillingMode: 'PAY_PER_REQUEST',
          KeySchema: [
            { AttributeName: 'pk', KeyType: 'HASH' },
            { AttributeName: 'sk', KeyType: 'RANGE' },
          ],
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
          DeletionProtectionEnabled: true,
          GlobalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((index) => ({
            IndexName: index.indexName,
            KeySchema: [
              { AttributeName: index.partitionKey, KeyType: 'HASH' },
              { AttributeName: index.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          })),
        }),
      });
    });

    it('has a versioned, retained attachments bucket that takes presigned POSTs and GETs from the site only', () => {
      const built = build({ stage: 'prod' });
      const data = Template.fromStack(built.data);
      const id = built.data.resolve(
        (built.data.attachmentsBucket.node.defaultChild as unknown as { logicalId: string }).logicalId,
      );
      const bucket = data.toJSON().Resources[id] as { DeletionPolicy: string; Properties: Record<string, unknown> };
      expect(bucket.DeletionPolicy).toBe('Retain');
      expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
      expect(bucket.Properties.BucketEncryption).toEqual({
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      });
      const cors = (
        bucket.Properties.CorsConfiguration as { CorsRules: { AllowedOrigins: unknown[]; AllowedMethods: string[] }[] }
      ).CorsRules;
      expect(cors).toHaveLength(1);
      // Uploads (presigned POST) and the 3D viewer's read of a model (presigned GET), nothing else.
      expect(cors[0]!.AllowedMethods).toEqual(['POST', 'GET']);
      expect(JSON.stringify(cors[0]!.AllowedOrigins)).not.toContain('"*"');
      expect(JSON.stringify(cors[0]!.AllowedOrigins)).toContain('DomainName');
    });
  });

  describe('every stack', () => {
    const stacks = () => [
      { name: 'data', stack: built.data, template: data },
      { name: 'api', stack: built.api, template: api },
      { name: 'web', stack: built.web, template: web },
      { name: 'jobs', stack: built.jobs, template: Template.fromStack(built.jobs) },
    ];

    it('expires presigned uploads that were never attached after a day', () => {
      const [bucket] = Object.values(
        data.findResources('AWS::S3::Bucket', { Properties: { VersioningConfiguration: { Status: 'Enabled' } } }),
      ) as {
        Properties: { LifecycleConfiguration: { Rules: { Prefix?: string; ExpirationInDays?: number }[] } };
      }[];
      expect(bucket!.Properties.LifecycleConfiguration.Rules).toContainEqual(
        expect.objectContaining({ Prefix: 'uploads/', ExpirationInDays: 1 }),
      );
    });

    it('blocks public access on every bucket and denies non-TLS requests', () => {
      let buckets = 0;
      for (const { name, template } of stacks()) {
        const resources = template.toJSON().Resources as Resources;
        for (const [id, bucket] of Object.entries(resources).filter(([, r]) => r.Type === 'AWS::S3::Bucket')) {
          buckets += 1;
          expect(bucket.Properties?.PublicAccessBlockConfiguration, `${name}/${id}`).toEqual({
            BlockPublicAcls: true,
            BlockPublicPolicy: true,
            IgnorePublicAcls: true,
            RestrictPublicBuckets: true,
          });
          expect(bucket.Properties?.BucketEncryption, `${name}/${id}`).toBeDefined();
          const policies = Object.values(resources).filter(
            (r) =>
              r.Type === 'AWS::S3::BucketPolicy' &&
              JSON.stringify(r.Properties?.Bucket) === JSON.stringify({ Ref: id }),
          );
          const denyInsecure = policies.some((policy) =>
            asArray((policy.Properties?.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement).some(
              (statement) =>
                statement.Effect === 'Deny' &&
                JSON.stringify(statement.Condition) === JSON.stringify({ Bool: { 'aws:SecureTransport': 'false' } }),
            ),
          );
          expect(denyInsecure, `${name}/${id} enforces SSL`).toBe(true);
        }
      }
      expect(buckets).toBe(4); // attachments + its access logs, site + its logs
    });

    it('grants no IAM action `*`, `dynamodb:*` or `s3:*` anywhere', () => {
      const all = stacks().flatMap(({ name, template }) =>
        statementsOf(template).map(({ logicalId, statement }) => ({ where: `${name}/${logicalId}`, statement })),
      );
      expect(all.length).toBeGreaterThan(routes.length);
      const offending = all.filter(({ statement }) =>
        asArray(statement.Action).some((action) =>
          ['*', 'dynamodb:*', 's3:*', 'ses:*', 'secretsmanager:*'].includes(action),
        ),
      );
      expect(offending).toEqual([]);
      // No data-plane wildcard of any shape on the table either.
      const dynamoWildcards = all.filter(({ statement }) =>
        asArray(statement.Action).some((action) => action.startsWith('dynamodb:') && action.includes('*')),
      );
      expect(dynamoWildcards).toEqual([]);
    });

    it('passes cdk-nag AwsSolutions with every finding fixed or acknowledged', () => {
      for (const { name, stack } of stacks()) {
        expect(nagFindings(stack).join('\n'), name).toBe('');
      }
    });

    it('has no CDK errors or warnings', () => {
      for (const { name, stack } of stacks()) {
        expect(Annotations.fromStack(stack).findError('*', Match.anyValue()), name).toEqual([]);
        expect(Annotations.fromStack(stack).findWarning('*', Match.anyValue()), name).toEqual([]);
      }
    });
  });

  describe('web stack', () => {
    const distribution = () =>
      Object.values(web.findResources('AWS::CloudFront::Distribution'))[0]!.Properties as {
        DistributionConfig: {
          CacheBehaviors: Record<string, unknown>[];
          DefaultCacheBehavior: Record<string, unknown>;
          Origins: Record<string, unknown>[];
          Logging?: unknown;
        };
      };

    it('routes /api/* to the HTTP API uncached, forwarding cookies, query strings and headers', () => {
      const config = distribution().DistributionConfig;
      const apiBehavior = config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/*');
      expect(apiBehavior).toBeDefined();
      expect(apiBehavior!.CachePolicyId).toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
      // Its own origin request policy (the viewer address besides the API's headers): edge-security.test.ts.
      expect(apiBehavior!.OriginRequestPolicyId).toEqual({ Ref: expect.stringMatching(/^ApiOriginRequests/) });
      expect(apiBehavior!.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
      expect(apiBehavior!.ViewerProtocolPolicy).toBe('redirect-to-https');
      const origin = config.Origins.find((o) => o.Id === apiBehavior!.TargetOriginId)!;
      expect(JSON.stringify(origin.DomainName)).toContain('execute-api');
      expect(origin.CustomOriginConfig).toMatchObject({
        OriginProtocolPolicy: 'https-only',
        OriginSSLProtocols: ['TLSv1.2'],
      });
    });

    it('serves /app/* and / from the private bucket through origin access control, with the SPA router', () => {
      const config = distribution().DistributionConfig;
      const appBehavior = config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/app/*');
      expect(appBehavior).toBeDefined();
      for (const behavior of [appBehavior!, config.DefaultCacheBehavior]) {
        expect(behavior.ViewerProtocolPolicy).toBe('redirect-to-https');
        expect(behavior.FunctionAssociations).toEqual([
          { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.any(String), 'FunctionARN'] } },
        ]);
        expect(behavior.ResponseHeadersPolicyId).toBeDefined();
        const origin = config.Origins.find((o) => o.Id === behavior.TargetOriginId)!;
        expect(origin.OriginAccessControlId).toBeDefined();
      }
      expect(config.Logging).toBeDefined();
      web.hasResourceProperties('AWS::CloudFront::Function', {
        FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
      });
      web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
        ResponseHeadersPolicyConfig: Match.objectLike({
          SecurityHeadersConfig: Match.objectLike({
            StrictTransportSecurity: Match.objectLike({ Override: true }),
            ContentSecurityPolicy: Match.objectLike({ Override: true }),
            FrameOptions: { FrameOption: 'DENY', Override: true },
          }),
        }),
      });
    });

    it('deploys web/dist under app/ and invalidates /app/*', () => {
      web.hasResourceProperties('Custom::CDKBucketDeployment', {
        DestinationBucketKeyPrefix: 'app/',
        DistributionPaths: ['/app/*'],
        Prune: true,
      });
    });

    it('has an access-logged default stage on the HTTP API', () => {
      web.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: '$default',
        AutoDeploy: true,
        AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
      });
    });
  });

  it('synthesizes without web/dist: no site deployment, a warning instead', () => {
    const missing = path.join(tempDir('component-hub-no-dist-'), 'dist');
    const other = build({ webDistDir: missing });
    const template = Template.fromStack(other.web);
    template.resourceCountIs('Custom::CDKBucketDeployment', 0);
    Annotations.fromStack(other.web).hasWarning('*', Match.stringLikeRegexp('does not exist'));
    expect(nagFindings(other.web).join('\n')).toBe('');
  });

  it('stays clean under cdk-nag for a concrete account and region (as `cdk deploy` synthesizes it)', () => {
    const other = build({ account: '123456789012', region: 'eu-west-1' });
    expect(other.web.region).toBe('eu-west-1');
    Template.fromStack(other.web);
    for (const stack of [other.data, other.api, other.web, other.jobs])
      expect(nagFindings(stack).join('\n'), stack.stackName).toBe('');
  });

  it('uses a custom domain for APP_URL and the upload CORS rule when appUrl is given', () => {
    const other = build({ appUrl: 'https://hub.example.com/' });
    apiTemplate(other.api).hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ APP_URL: 'https://hub.example.com' }) },
    });
    Template.fromStack(other.data).hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedOrigins: ['https://hub.example.com'] })] },
    });
  });
});

describe('the cdk-nag check itself', () => {
  it('reports findings on a non-compliant stack (so a clean result means something)', () => {
    const app = new App();
    const stack = new Stack(app, 'Bad');
    new Bucket(stack, 'Open');
    const findings = nagFindings(stack);
    expect(findings.some((line) => line.includes('AwsSolutions-S1'))).toBe(true);
    expect(findings.some((line) => line.includes('AwsSolutions-S10'))).toBe(true);
  });
});

describe('constructIdFor', () => {
  it('derives construct ids from handler paths', () => {
    expect(constructIdFor('auth/login')).toBe('AuthLogin');
    expect(constructIdFor('auth/get-csrf-token')).toBe('AuthGetCsrfToken');
    expect(constructIdFor('components/list-components')).toBe('ComponentsListComponents');
  });
});
