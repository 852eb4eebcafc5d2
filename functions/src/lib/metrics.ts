import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logger } from './logger';
import { businessMetrics, METRICS_NAMESPACE, METRICS_SERVICE, type MetricName } from './metric-names';

export { metricNames, type MetricName } from './metric-names';

/*
 * Business metrics as CloudWatch Embedded Metric Format (EMF) lines: Powertools Metrics writes
 * one JSON line to stdout, and CloudWatch Logs turns it into a metric. Nothing is buffered, so no
 * handler, job or script has to remember a flush.
 *
 * On Lambda (AWS_LAMBDA_FUNCTION_NAME is set) every call emits; POWERTOOLS_METRICS_DISABLED=true
 * turns that off. Elsewhere (npm start, tests, scripts) the metric goes to the debug log instead,
 * so a local stdout is not filled with EMF documents.
 */
const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE });

const onLambda = (): boolean => Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME);

/**
 * Records one business metric now: `recordMetric('RequestsApproved')`,
 * `recordMetric('ImportedComponents', written)`. Never throws (a metric is not worth a failed
 * request); `details` (ids, types) go into the EMF line as metadata, searchable in Logs Insights.
 */
export const recordMetric = (name: MetricName, value = 1, details: Record<string, string | number> = {}): void => {
  try {
    if (!onLambda()) {
      logger.debug('metric', { metric: name, value, ...details });
      return;
    }
    const single = metrics.singleMetric();
    for (const [key, detail] of Object.entries(details)) single.addMetadata(key, String(detail));
    // singleMetric() publishes as soon as the metric is added.
    single.addMetric(name, businessMetrics[name] === 'Count' ? MetricUnit.Count : MetricUnit.NoUnit, value);
  } catch (error) {
    logger.warn('metric not recorded', { metric: name, error: error as Error });
  }
};
