/**
 * Error names the image-batch state machine retries on (its Retry and Catch fields match them).
 * Set as literal strings, not taken from class names, which the minifying bundler renames.
 */
export const taskErrorNames = {
  /** A distributor (or our shared per-minute budget) asks to wait: the task is retried with backoff. */
  throttled: 'DistributorThrottled',
} as const;

export class TaskThrottled extends Error {
  override name = taskErrorNames.throttled;
}
