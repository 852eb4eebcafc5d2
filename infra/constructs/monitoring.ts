import { Duration } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  LegendPosition,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Operation, type ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { businessMetrics, METRICS_NAMESPACE, METRICS_SERVICE, metricNames } from '#lib/metric-names';
import { constructIdFor } from '../construct-ids.ts';

/** A Lambda function to watch: `functionName` may be a plain name or an IFunction's. */
export interface MonitoredFunction {
  /** Part of the alarm's construct id and of its description (`auth/login`, `jobs/finish-batch`). */
  readonly label: string;
  readonly functionName: string;
}

export interface MonitoringProps {
  /** `ComponentHub-<stage>`: alarm and dashboard names start with it. */
  readonly namePrefix: string;
  readonly httpApi: IHttpApi;
  readonly table: ITable;
  readonly functions: readonly MonitoredFunction[];
  /** The image-batch state machine (jobs stack); or later with {@link Monitoring.monitorStateMachine}. */
  readonly stateMachine?: IStateMachine;
  /** Where alarm notifications go (context `alarmEmail`); without it the topic has no subscriber yet. */
  readonly alarmEmail?: string;
}

/** The thresholds, in one place (docs/OPERATIONS.md explains each alarm). */
export const alarmThresholds = {
  /** Percentage of API requests answered 5xx, in 2 of 3 five-minute periods. */
  api5xxPercent: 5,
  /** p95 of the API's latency, three five-minute periods in a row. */
  apiLatencyP95Ms: 3000,
  /** Any unhandled error (timeouts, crashes, init failures) or throttle of a function in five minutes. */
  functionErrors: 1,
  functionThrottles: 1,
  dynamoThrottles: 1,
  dynamoSystemErrors: 1,
  failedExecutions: 1,
  /** SES puts an account under review at 5 % bounces and may pause sending at 10 %. */
  sesBounceRate: 0.05,
  /** Bounced emails in an hour (a typo in an invitation bounces once; several mean a real problem). */
  sesBouncesPerHour: 3,
} as const;

/** The table operations the repositories use. */
const tableOperations = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.SCAN,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
];

const FIVE_MINUTES = Duration.minutes(5);

/**
 * Alarms, an SNS topic for them and a CloudWatch dashboard of the same: the API's 5xx rate and
 * latency, each function's errors and throttles, DynamoDB throttles and system errors, the
 * image-batch state machine's failed executions, SES bounces, and the business metrics the
 * functions emit (functions/src/lib/metric-names.ts).
 *
 * Adding what another stack owns is one line: `monitoring.monitorStateMachine(jobs.stateMachine)`,
 * `monitoring.monitorFunctions([{ label: 'jobs/finish-batch', functionName: fn.functionName }])`.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  /** Every alarm, by construct id. */
  readonly alarms = new Map<string, Alarm>();
  private readonly prefix: string;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.prefix = props.namePrefix;

    this.topic = new Topic(this, 'AlarmTopic', {
      displayName: `${props.namePrefix} alarms`,
      enforceSSL: true,
    });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    // ---- API (HTTP API, $default stage) ----
    const requests = props.httpApi.metricCount({ period: FIVE_MINUTES, statistic: 'Sum', label: 'requests' });
    const serverErrors = props.httpApi.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum', label: '5xx' });
    const clientErrors = props.httpApi.metricClientError({ period: FIVE_MINUTES, statistic: 'Sum', label: '4xx' });
    const errorRate = new MathExpression({
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: { requests, errors: serverErrors },
      period: FIVE_MINUTES,
      label: '5xx %',
    });
    const latencyP95 = props.httpApi.metricLatency({ period: FIVE_MINUTES, statistic: 'p95', label: 'latency p95' });
    const latencyP50 = props.httpApi.metricLatency({ period: FIVE_MINUTES, statistic: 'p50', label: 'latency p50' });
    const integrationP95 = props.httpApi.metricIntegrationLatency({
      period: FIVE_MINUTES,
      statistic: 'p95',
      label: 'integration p95',
    });

    const apiAlarms = [
      this.alarm('Api5xxRate', {
        metric: errorRate,
        threshold: alarmThresholds.api5xxPercent,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        runbook: 'api-5xx-rate',
        description: `More than ${alarmThresholds.api5xxPercent} % of API requests answered 5xx (2 of 3 five-minute periods).`,
      }),
      this.alarm('ApiLatencyP95', {
        metric: latencyP95,
        threshold: alarmThresholds.apiLatencyP95Ms,
        evaluationPeriods: 3,
        runbook: 'api-latency',
        description: `The API's p95 latency stayed above ${alarmThresholds.apiLatencyP95Ms} ms for 15 minutes.`,
      }),
    ];

    // ---- DynamoDB ----
    const throttled = props.table.metricThrottledRequestsForOperations({
      operations: tableOperations,
      period: FIVE_MINUTES,
    });
    const systemErrors = props.table.metricSystemErrorsForOperations({
      operations: tableOperations,
      period: FIVE_MINUTES,
    });
    const tableAlarms = [
      this.alarm('DynamoThrottles', {
        metric: throttled,
        threshold: alarmThresholds.dynamoThrottles,
        runbook: 'dynamodb-throttles',
        description: 'DynamoDB throttled requests on the table (on-demand capacity: a sudden spike or a hot key).',
      }),
      this.alarm('DynamoSystemErrors', {
        metric: systemErrors,
        threshold: alarmThresholds.dynamoSystemErrors,
        runbook: 'dynamodb-system-errors',
        description: 'DynamoDB answered with internal server errors (an AWS-side problem; the SDK retries them).',
      }),
    ];

    // ---- SES (account-level metrics of the region) ----
    const bounceRate = new Metric({
      namespace: 'AWS/SES',
      metricName: 'Reputation.BounceRate',
      statistic: 'Maximum',
      period: Duration.hours(1),
      label: 'bounce rate',
    });
    const bounces = new Metric({
      namespace: 'AWS/SES',
      metricName: 'Bounce',
      statistic: 'Sum',
      period: Duration.hours(1),
      label: 'bounces',
    });
    const sends = new Metric({
      namespace: 'AWS/SES',
      metricName: 'Send',
      statistic: 'Sum',
      period: Duration.hours(1),
      label: 'sent',
    });
    const sesAlarms = [
      this.alarm('SesBounceRate', {
        metric: bounceRate,
        threshold: alarmThresholds.sesBounceRate,
        runbook: 'ses-bounces',
        description: 'The SES bounce rate reached 5 %: SES reviews the account at 5 % and may pause sending at 10 %.',
      }),
      this.alarm('SesBounces', {
        metric: bounces,
        threshold: alarmThresholds.sesBouncesPerHour,
        runbook: 'ses-bounces',
        description: `${alarmThresholds.sesBouncesPerHour} or more reset or invitation emails bounced within an hour.`,
      }),
    ];

    // ---- Dashboard: alarms first, then API, functions, table, batches and mail, business metrics ----
    const business = (prefix: string) =>
      metricNames
        .filter((name) => name.startsWith(prefix))
        .map(
          (name) =>
            new Metric({
              namespace: METRICS_NAMESPACE,
              metricName: name,
              dimensionsMap: { service: METRICS_SERVICE },
              statistic: businessMetrics[name] === 'Count' ? 'Sum' : 'Average',
              period: Duration.hours(1),
              label: name,
            }),
        );

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `${props.namePrefix}-operations`,
      defaultInterval: Duration.hours(6),
    });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown:
          `# ${props.namePrefix}\nWhat each alarm means and what to do: docs/OPERATIONS.md. Request logs: each function's log group ` +
          '(JSON, one `request` line per request with requestId, userId, route, status, latencyMs); API access logs: the ApiAccessLogs group.',
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(
      new AlarmStatusWidget({
        title: 'API, table and mail alarms',
        width: 24,
        height: 3,
        alarms: [...apiAlarms, ...tableAlarms, ...sesAlarms],
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'API requests and errors (5 min)',
        width: 8,
        left: [requests],
        right: [serverErrors, clientErrors],
      }),
      new GraphWidget({
        title: 'API 5xx rate (%)',
        width: 8,
        left: [errorRate],
        leftAnnotations: [{ value: alarmThresholds.api5xxPercent, label: 'alarm' }],
      }),
      new GraphWidget({
        title: 'API latency (ms)',
        width: 8,
        left: [latencyP50, latencyP95, integrationP95],
        leftAnnotations: [{ value: alarmThresholds.apiLatencyP95Ms, label: 'alarm (p95)' }],
      }),
    );
    this.dashboard.addWidgets(
      // Two graphs: both expressions name their metrics after the operations (`getitem` ...).
      new GraphWidget({ title: 'DynamoDB throttled requests', width: 5, left: [throttled] }),
      new GraphWidget({ title: 'DynamoDB system errors', width: 5, left: [systemErrors] }),
      new GraphWidget({
        title: 'DynamoDB consumed capacity',
        width: 6,
        left: [
          props.table.metricConsumedReadCapacityUnits({ period: FIVE_MINUTES }),
          props.table.metricConsumedWriteCapacityUnits({ period: FIVE_MINUTES }),
        ],
      }),
      new GraphWidget({
        title: 'SES sends and bounces (hourly)',
        width: 8,
        left: [sends, bounces],
        right: [bounceRate],
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({ title: 'Approval requests (hourly)', width: 8, left: business('Requests') }),
      new GraphWidget({ title: 'Excel imports (hourly)', width: 8, left: business('Import') }),
      new GraphWidget({ title: 'Image batches (hourly)', width: 8, left: business('Batch') }),
    );

    this.monitorFunctions(props.functions);
    if (props.stateMachine) this.monitorStateMachine(props.stateMachine);
  }

  /** An errors and a throttles alarm for each function, and a dashboard row with their graphs. */
  monitorFunctions(functions: readonly MonitoredFunction[], title = 'API functions'): void {
    if (functions.length === 0) return;
    const errors: IMetric[] = [];
    const throttles: IMetric[] = [];
    const durations: IMetric[] = [];
    const alarms: Alarm[] = [];
    for (const fn of functions) {
      const metric = (metricName: string, statistic: string) =>
        new Metric({
          namespace: 'AWS/Lambda',
          metricName,
          dimensionsMap: { FunctionName: fn.functionName },
          statistic,
          period: FIVE_MINUTES,
          label: fn.label,
        });
      const fnErrors = metric('Errors', 'Sum');
      const fnThrottles = metric('Throttles', 'Sum');
      alarms.push(
        this.alarm(`${constructIdFor(fn.label)}Errors`, {
          metric: fnErrors,
          threshold: alarmThresholds.functionErrors,
          runbook: 'function-errors',
          description: `${fn.label}: the function failed (unhandled error, timeout or out of memory; errors the handler maps to an answer do not count).`,
        }),
        this.alarm(`${constructIdFor(fn.label)}Throttles`, {
          metric: fnThrottles,
          threshold: alarmThresholds.functionThrottles,
          runbook: 'function-throttles',
          description: `${fn.label}: Lambda throttled invocations (the account's or region's concurrency is exhausted).`,
        }),
      );
      errors.push(fnErrors);
      throttles.push(fnThrottles);
      durations.push(metric('Duration', 'p95'));
    }
    this.dashboard.addWidgets(new AlarmStatusWidget({ title: `${title}: alarms`, width: 24, height: 4, alarms }));
    this.dashboard.addWidgets(
      new GraphWidget({ title: `${title}: errors`, width: 8, left: errors, legendPosition: LegendPosition.HIDDEN }),
      new GraphWidget({
        title: `${title}: throttles`,
        width: 8,
        left: throttles,
        legendPosition: LegendPosition.HIDDEN,
      }),
      new GraphWidget({
        title: `${title}: duration p95 (ms)`,
        width: 8,
        left: durations,
        legendPosition: LegendPosition.HIDDEN,
      }),
    );
  }

  /** An alarm on the state machine's failed or timed-out executions, and a graph of its executions. */
  monitorStateMachine(stateMachine: IStateMachine, label = 'ImageBatches'): void {
    const failed = stateMachine.metricFailed({ period: FIVE_MINUTES, statistic: 'Sum', label: 'failed' });
    const timedOut = stateMachine.metricTimedOut({ period: FIVE_MINUTES, statistic: 'Sum', label: 'timed out' });
    const aborted = stateMachine.metricAborted({ period: FIVE_MINUTES, statistic: 'Sum', label: 'aborted' });
    const alarm = this.alarm(`${label}FailedExecutions`, {
      metric: new MathExpression({
        expression: 'failed + timedOut',
        usingMetrics: { failed, timedOut },
        period: FIVE_MINUTES,
        label: 'failed or timed out',
      }),
      threshold: alarmThresholds.failedExecutions,
      runbook: 'state-machine-failed-executions',
      description: `${label}: a state machine execution failed or timed out (an image batch did not finish).`,
    });
    this.dashboard.addWidgets(
      new AlarmStatusWidget({ title: `${label}: alarm`, width: 6, height: 6, alarms: [alarm] }),
      new GraphWidget({
        title: `${label}: executions (5 min)`,
        width: 18,
        left: [
          stateMachine.metricStarted({ period: FIVE_MINUTES, statistic: 'Sum', label: 'started' }),
          stateMachine.metricSucceeded({ period: FIVE_MINUTES, statistic: 'Sum', label: 'succeeded' }),
        ],
        right: [failed, timedOut, aborted],
      }),
    );
  }

  private alarm(
    id: string,
    options: {
      metric: IMetric;
      threshold: number;
      evaluationPeriods?: number;
      datapointsToAlarm?: number;
      runbook: string;
      description: string;
    },
  ): Alarm {
    if (this.alarms.has(id)) throw new Error(`Two alarms named ${id}`);
    const alarm = new Alarm(this, id, {
      alarmName: `${this.prefix}-${id}`,
      alarmDescription: `${options.description} Runbook: docs/OPERATIONS.md#${options.runbook}`,
      metric: options.metric,
      threshold: options.threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      datapointsToAlarm: options.datapointsToAlarm ?? options.evaluationPeriods ?? 1,
      // No traffic is not a failure.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    const action = new SnsAction(this.topic);
    alarm.addAlarmAction(action);
    alarm.addOkAction(action);
    this.alarms.set(id, alarm);
    return alarm;
  }
}
