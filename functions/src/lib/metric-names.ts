/**
 * The business metrics the functions emit (CloudWatch namespace {@link METRICS_NAMESPACE},
 * dimension `service`), named once: the functions record them through `#lib/metrics` and the
 * CDK monitoring construct graphs them on the dashboard. No imports, so the CDK app can read it.
 */
export const METRICS_NAMESPACE = 'ComponentHub';
/** The Powertools service name, the metrics' one dimension (and every log line's `service`). */
export const METRICS_SERVICE = 'component-hub';

export const businessMetrics = {
  /** An approval request filed (new component, edit, deletion, attachment). */
  RequestsSubmitted: 'Count',
  RequestsApproved: 'Count',
  RequestsRejected: 'Count',
  /** A submitter took back their own pending request. */
  RequestsWithdrawn: 'Count',
  /** An Excel import finished: one per import, and the components it wrote and the rows it refused. */
  ImportsCompleted: 'Count',
  ImportedComponents: 'Count',
  ImportRowsRejected: 'Count',
  /** An image-retrieval batch finished: one per batch, and its per-component results. */
  BatchesCompleted: 'Count',
  BatchComponentsSucceeded: 'Count',
  BatchComponentsFailed: 'Count',
  BatchComponentsSkipped: 'Count',
} as const;

export type MetricName = keyof typeof businessMetrics;
export const metricNames = Object.keys(businessMetrics) as MetricName[];
