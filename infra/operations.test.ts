import { App, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { DefinitionBody, Pass, StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '#shared/routes';
import { metricNames, METRICS_NAMESPACE } from '#lib/metric-names';
import type { ComponentHubApp } from './build-app.ts';
import { buildTestApp, apiTemplate } from './test-app.ts';
import { SEARCH_SNAPSHOT_FUNCTION_ID } from './stacks/jobs-stack.ts';
import { lambdaBundling, physicalFunctionName } from './constructs/app-function.ts';
import { esbuildOptionsForLambda } from './constructs/lambda-bundling.ts';
import { alarmThresholds, Monitoring } from './constructs/monitoring.ts';
import { ComponentHubNagChecks } from './nag.ts';
import { isDevStage } from './stacks/data-stack.ts';

/* Operations: alarms and dashboard, tracing, data safety by stage, bundling. */

const build = (context: Record<string, unknown> = {}): ComponentHubApp => buildTestApp(context);

const nagFindings = (stack: Stack): string[] =>
  new ComponentHubNagChecks()
    .validateScope(stack)
    .violations.flatMap((violation) =>
      violation.violatingResources.map(
        (resource) => `${violation.ruleName} at ${resource.constructPath ?? resource.resourceLogicalId ?? '?'}`,
      ),
    );

type Resource = {
  Type: string;
  Properties: Record<string, unknown>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};
const resourcesOf = (template: Template, type: string): Resource[] =>
  Object.values(template.findResources(type)) as Resource[];

const alarmNamed = (template: Template, name: string): Resource => {
  const found = resourcesOf(template, 'AWS::CloudWatch::Alarm').filter((alarm) => alarm.Properties.AlarmName === name);
  expect(found, name).toHaveLength(1);
  return found[0]!;
};

/** An alarm's one metric, however CDK rendered it (top-level fields, or a one-entry `Metrics`). */
const metricOf = (alarm: Resource): { Namespace: string; MetricName: string; Dimensions?: unknown; Stat: string } => {
  const p = alarm.Properties as Record<string, unknown>;
  const metrics = p.Metrics as { MetricStat?: { Metric: Record<string, unknown>; Stat: string } }[] | undefined;
  if (metrics) {
    expect(metrics).toHaveLength(1);
    return {
      ...(metrics[0]!.MetricStat!.Metric as { Namespace: string; MetricName: string }),
      Stat: metrics[0]!.MetricStat!.Stat,
    };
  }
  return {
    Namespace: p.Namespace as string,
    MetricName: p.MetricName as string,
    Dimensions: p.Dimensions,
    Stat: (p.Statistic ?? p.ExtendedStatistic) as string,
  };
};

describe('monitoring stack', () => {
  let built: ComponentHubApp;
  let template: Template;
  let topicId: string;

  beforeAll(() => {
    built = build({ alarmEmail: 'ops@example.com' });
    template = Template.fromStack(built.monitoring);
    topicId = built.monitoring.resolve(
      (built.monitoring.monitoring.topic.node.defaultChild as unknown as { logicalId: string }).logicalId,
    ) as string;
  });

  /** The alarm exists, notifies the topic when it fires and when it clears, and links its runbook. */
  const expectAlarm = (name: string, threshold: number) => {
    const alarm = alarmNamed(template, `ComponentHub-dev-${name}`);
    expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
    expect(alarm.Properties.OKActions).toEqual([{ Ref: topicId }]);
    expect(alarm.Properties.Threshold).toBe(threshold);
    expect(alarm.Properties.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
    expect(alarm.Properties.TreatMissingData).toBe('notBreaching');
    expect(String(alarm.Properties.AlarmDescription)).toMatch(/Runbook: docs\/OPERATIONS\.md#[a-z0-9-]+$/);
    return alarm;
  };

  it("alarms on the API's 5xx rate and p95 latency", () => {
    const rate = expectAlarm('Api5xxRate', alarmThresholds.api5xxPercent);
    const expression = (rate.Properties.Metrics as { Expression?: string }[]).find((m) => m.Expression)!;
    expect(expression.Expression).toBe('IF(requests > 0, 100 * errors / requests, 0)');
    expect(JSON.stringify(rate.Properties.Metrics)).toContain('"MetricName":"5xx"');
    expect(JSON.stringify(rate.Properties.Metrics)).toContain('"MetricName":"Count"');
    const latency = expectAlarm('ApiLatencyP95', alarmThresholds.apiLatencyP95Ms);
    expect(metricOf(latency)).toMatchObject({ MetricName: 'Latency', Namespace: 'AWS/ApiGateway', Stat: 'p95' });
  });

  it("alarms on every API function's errors and throttles, by its literal name (no export per function)", () => {
    const apiFunctions = apiTemplate(built.api).findResources('AWS::Lambda::Function');
    const names = Object.values(apiFunctions).map((fn) => (fn.Properties as { FunctionName: string }).FunctionName);
    // One per route, and the scheduled digest sender.
    expect(names).toHaveLength(routes.length + 1);
    for (const name of names) expect(typeof name, 'a literal function name').toBe('string');
    const monitored = [
      ...[...built.api.functions.values()].map((fn) => ({ id: fn.node.id, functionName: fn.functionName })),
      { id: 'JobsSendApprovalDigests', functionName: names.find((name) => name.endsWith('-ApprovalDigests'))! },
      {
        id: 'JobsRefreshSearchSnapshot',
        functionName: physicalFunctionName(built.jobs.stackName, SEARCH_SNAPSHOT_FUNCTION_ID),
      },
    ];
    const jobNames = Object.values(Template.fromStack(built.jobs).findResources('AWS::Lambda::Function')).map(
      (fn) => (fn.Properties as { FunctionName?: unknown }).FunctionName,
    );
    for (const fn of monitored) {
      const id = fn.id;
      for (const [suffix, metricName] of [
        ['Errors', 'Errors'],
        ['Throttles', 'Throttles'],
      ] as const) {
        const alarm = expectAlarm(`${id}${suffix}`, 1);
        expect(metricOf(alarm)).toMatchObject({
          Namespace: 'AWS/Lambda',
          MetricName: metricName,
          Dimensions: [{ Name: 'FunctionName', Value: fn.functionName }],
          Stat: 'Sum',
        });
        expect([...names, ...jobNames]).toContain(fn.functionName);
      }
    }
    expect(JSON.stringify(template.toJSON())).not.toMatch(/ImportValue[^}]*Function/);
  });

  it('alarms on DynamoDB throttled requests and system errors, and on SES bounces', () => {
    for (const name of ['DynamoThrottles', 'DynamoSystemErrors']) {
      const alarm = expectAlarm(name, 1);
      const metrics = JSON.stringify(alarm.Properties.Metrics);
      expect(metrics).toContain(name === 'DynamoThrottles' ? 'ThrottledRequests' : 'SystemErrors');
      expect(metrics).toContain('TableName');
    }
    expect(metricOf(expectAlarm('SesBounceRate', 0.05))).toMatchObject({
      Namespace: 'AWS/SES',
      MetricName: 'Reputation.BounceRate',
    });
    expect(metricOf(expectAlarm('SesBounces', alarmThresholds.sesBouncesPerHour))).toMatchObject({
      Namespace: 'AWS/SES',
      MetricName: 'Bounce',
      Stat: 'Sum',
    });
  });

  it("alarms on the image-batch state machine's failed executions", () => {
    const metrics = JSON.stringify(expectAlarm('ImageBatchesFailedExecutions', 1).Properties.Metrics);
    expect(metrics).toContain('ExecutionsFailed');
    expect(metrics).toContain('StateMachineArn');
  });

  it('has no other alarms, so every one of them is documented above', () => {
    // Errors and throttles of each route function, of the digest sender and of the search
    // snapshot job, and seven others.
    expect(resourcesOf(template, 'AWS::CloudWatch::Alarm')).toHaveLength(2 * (routes.length + 2) + 7);
  });

  it('sends the alarms to an SNS topic that enforces TLS, with the email from context', () => {
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
      TopicArn: { Ref: topicId },
    });
    const policies = resourcesOf(template, 'AWS::SNS::TopicPolicy');
    expect(JSON.stringify(policies)).toContain('"aws:SecureTransport":"false"');
    const without = build();
    Template.fromStack(without.monitoring).resourceCountIs('AWS::SNS::Subscription', 0);
    expect(() => build({ alarmEmail: 'not-an-address' })).toThrow(/alarmEmail/);
  });

  it('has a dashboard of the same, with the business metrics', () => {
    const [dashboard] = resourcesOf(template, 'AWS::CloudWatch::Dashboard');
    expect(dashboard!.Properties.DashboardName).toBe('ComponentHub-dev-operations');
    const body = JSON.stringify(dashboard!.Properties.DashboardBody);
    for (const name of metricNames) expect(body).toContain(name);
    expect(body).toContain(METRICS_NAMESPACE);
    for (const text of ['AWS/ApiGateway', 'AWS/Lambda', 'AWS/DynamoDB', 'AWS/SES', '"type\\":\\"alarm\\"'])
      expect(body).toContain(text);
  });

  it('passes cdk-nag with the topic acknowledgement only, and has no CDK warnings', () => {
    expect(nagFindings(built.monitoring).join('\n')).toBe('');
    expect(Annotations.fromStack(built.monitoring).findWarning('*', Match.anyValue())).toEqual([]);
    expect(Annotations.fromStack(built.monitoring).findError('*', Match.anyValue())).toEqual([]);
  });

  it('deploys after the API stack it watches', () => {
    expect(built.monitoring.dependencies).toContain(built.api);
  });
});

describe('Monitoring construct and the state machine', () => {
  it('adds a failed-executions alarm and a graph for a state machine in one line', () => {
    const app = new App();
    const stack = new Stack(app, 'Watch');
    const monitoring = new Monitoring(stack, 'Monitoring', {
      namePrefix: 'ComponentHub-test',
      httpApi: new HttpApi(stack, 'Api'),
      table: new Table(stack, 'Table', { partitionKey: { name: 'pk', type: AttributeType.STRING } }),
      functions: [{ label: 'jobs/finish-batch', functionName: 'finish-batch' }],
    });
    const stateMachine = new StateMachine(stack, 'Batches', {
      definitionBody: DefinitionBody.fromChainable(new Pass(stack, 'Done')),
    });
    monitoring.monitorStateMachine(stateMachine);

    const template = Template.fromStack(stack);
    const alarm = alarmNamed(template, 'ComponentHub-test-ImageBatchesFailedExecutions');
    const metrics = JSON.stringify(alarm.Properties.Metrics);
    expect(metrics).toContain('ExecutionsFailed');
    expect(metrics).toContain('ExecutionsTimedOut');
    expect(metrics).toContain('StateMachineArn');
    alarmNamed(template, 'ComponentHub-test-JobsFinishBatchErrors');
    expect(JSON.stringify(Object.values(template.findResources('AWS::CloudWatch::Dashboard'))[0])).toContain(
      'ExecutionsSucceeded',
    );
  });
});

describe('functions', () => {
  it('trace with X-Ray and are bundled minified with the AWS SDK inside', () => {
    const built = build();
    const functions = apiTemplate(built.api).findResources('AWS::Lambda::Function');
    for (const [id, fn] of Object.entries(functions)) {
      expect((fn.Properties as { TracingConfig?: unknown }).TracingConfig, id).toEqual({ Mode: 'Active' });
    }
    expect(lambdaBundling).toMatchObject({ minify: true, externalModules: [], format: 'esm' });
    // The benchmark's esbuild options are the construct's.
    expect(esbuildOptionsForLambda()).toMatchObject({
      minify: true,
      external: [],
      format: 'esm',
      sourcesContent: false,
      platform: 'node',
    });
  });

  it('get names of at most 64 characters, unique per stage', () => {
    expect(physicalFunctionName('ComponentHub-prod-Api', 'AuthLogin')).toBe('ComponentHub-prod-Api-AuthLogin');
    const long = physicalFunctionName('ComponentHub-a-very-long-stage-name-Api', 'NotificationsMarkNotificationRead');
    expect(long.length).toBeLessThanOrEqual(64);
    expect(long).not.toBe(
      physicalFunctionName('ComponentHub-a-very-long-stage-name-Api', 'NotificationsMarkNotificationReads'),
    );
  });
});

describe('data safety by stage', () => {
  const dataOf = (stage: string) => Template.fromStack(build({ stage }).data);
  const webOf = (stage: string) => Template.fromStack(build({ stage }).web);

  it('retains the table and buckets outside dev stages, with deletion protection and PITR', () => {
    for (const stage of ['prod', 'staging']) {
      const data = dataOf(stage);
      data.hasResource('AWS::DynamoDB::Table', {
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Retain',
        Properties: Match.objectLike({
          DeletionProtectionEnabled: true,
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        }),
      });
      for (const bucket of [...resourcesOf(data, 'AWS::S3::Bucket'), ...resourcesOf(webOf(stage), 'AWS::S3::Bucket')]) {
        expect(bucket.DeletionPolicy, stage).toBe('Retain');
      }
      data.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
    }
  });

  it('lets a dev stage go with its stack: no deletion protection, buckets emptied and deleted', () => {
    for (const stage of ['dev', 'dev-alice']) {
      const data = dataOf(stage);
      data.hasResource('AWS::DynamoDB::Table', {
        DeletionPolicy: 'Delete',
        Properties: Match.objectLike({
          DeletionProtectionEnabled: false,
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        }),
      });
      const web = webOf(stage);
      for (const bucket of [...resourcesOf(data, 'AWS::S3::Bucket'), ...resourcesOf(web, 'AWS::S3::Bucket')]) {
        expect(bucket.DeletionPolicy, stage).toBe('Delete');
      }
      data.resourceCountIs('Custom::S3AutoDeleteObjects', 2);
      web.resourceCountIs('Custom::S3AutoDeleteObjects', 2);
    }
    expect(isDevStage('develop')).toBe(false);
    expect(isDevStage('prod')).toBe(false);
  });

  it('expires orphaned uploads after a day and old versions of attachments after 30 days', () => {
    const data = dataOf('prod');
    const [bucket] = resourcesOf(data, 'AWS::S3::Bucket').filter(
      (b) => (b.Properties.VersioningConfiguration as { Status?: string } | undefined)?.Status === 'Enabled',
    );
    const rules = (bucket!.Properties.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    expect(rules).toContainEqual(
      expect.objectContaining({ Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' }),
    );
    expect(rules).toContainEqual(
      expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: 30 }, Status: 'Enabled' }),
    );
    expect(rules.filter((rule) => rule.Prefix === undefined && rule.ExpirationInDays !== undefined)).toEqual([]);
  });
});

describe('secrets and environments', () => {
  const secretArn = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:component-hub/prod/distributors-AbCdEf';

  it('passes the distributor secret to the routes that need it, by ARN only, and lets only them read it', () => {
    const built = build({ distributorSecretArn: secretArn });
    const template = apiTemplate(built.api);
    const needing = routes.filter(
      (route) => 'needs' in route && (route.needs as readonly string[]).includes('distributor-credentials'),
    );
    expect(needing.map((route) => route.handler).sort()).toEqual([
      'distributors/look-up-distributor-part',
      'distributors/read-distributor-data',
      'distributors/search-digikey',
      'distributors/search-mouser',
    ]);
    const withSecret = template.findResources('AWS::Lambda::Function', {
      Properties: { Environment: { Variables: { DISTRIBUTOR_SECRET_ARN: secretArn } } },
    });
    expect(
      Object.values(withSecret)
        .map((fn) => (fn.Properties as { FunctionName: string }).FunctionName)
        .sort(),
    ).toEqual(needing.map((route) => built.api.functions.get(route.handler)!.functionName).sort());
    const readers = Object.values(template.findResources('AWS::IAM::Policy')).filter((policy) =>
      JSON.stringify(policy).includes(secretArn),
    );
    expect(readers).toHaveLength(needing.length);
    expect(nagFindings(built.api).join('\n')).toBe('');
    // Without the context no function is told about a secret.
    expect(JSON.stringify(Template.fromStack(build().api).toJSON())).not.toContain('DISTRIBUTOR_SECRET_ARN');
  });

  it('points the functions at LocalStack only for `npm run deploy:localstack`', () => {
    const local = Template.fromStack(build({ localstack: 'true' }).api);
    const functions = Object.values(local.findResources('AWS::Lambda::Function'));
    for (const fn of functions) {
      expect(
        (fn.Properties as { Environment: { Variables: Record<string, string> } }).Environment.Variables,
      ).toMatchObject({
        S3_FORCE_PATH_STYLE: 'true',
        AWS_ENDPOINT_URL: 'http://localhost.localstack.cloud:4566',
      });
    }
    expect(JSON.stringify(Template.fromStack(build().api).toJSON())).not.toContain('AWS_ENDPOINT_URL');
  });
});
