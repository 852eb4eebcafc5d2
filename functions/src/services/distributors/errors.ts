import { messages } from '#shared/messages';
import { distributorLabels, type DistributorName } from '#shared/schemas/distributors';
import { Unavailable } from '#lib/errors';

/**
 * What can go wrong with a distributor, as typed errors. Each is a 503 at the API with a message
 * a person can act on; `kind` (and the class name, which Step Functions sees as the error name)
 * lets a batch tell a spent day budget from a busy minute or a broken answer.
 */
export type DistributorErrorKind =
  'not-configured' | 'unavailable' | 'throttled' | 'budget-spent' | 'malformed' | 'refused';

export abstract class DistributorError extends Unavailable {
  abstract readonly kind: DistributorErrorKind;

  protected constructor(
    readonly provider: DistributorName,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** No credentials for the provider in this environment. */
export class DistributorNotConfigured extends DistributorError {
  readonly kind = 'not-configured';
  constructor(provider: DistributorName) {
    super(provider, messages.distributorNotConfigured(distributorLabels[provider]));
  }
}

/** No usable answer: timeouts, connection failures, server errors that outlasted the retries. */
export class DistributorUnavailable extends DistributorError {
  readonly kind = 'unavailable';
  constructor(provider: DistributorName, options?: { cause?: unknown }) {
    super(provider, messages.distributorUnavailable(distributorLabels[provider]), options);
  }
}

/** The provider (or our own per-minute budget) asks to wait longer than we may. */
export class DistributorThrottled extends DistributorError {
  readonly kind = 'throttled';
  constructor(
    provider: DistributorName,
    readonly retryAfterSeconds: number,
  ) {
    super(provider, messages.distributorThrottled(distributorLabels[provider], retryAfterSeconds));
    this.headers['retry-after'] = String(retryAfterSeconds);
  }
}

/** The day's call budget is used up; nothing more is sent to the provider until the next UTC day. */
export class DistributorBudgetSpent extends DistributorError {
  readonly kind = 'budget-spent';
  constructor(
    provider: DistributorName,
    readonly dailyLimit: number,
  ) {
    super(provider, messages.distributorBudgetSpent(distributorLabels[provider], dailyLimit));
  }
}

/** An answer that is not the documented shape (not JSON, or missing what we read). */
export class DistributorMalformedAnswer extends DistributorError {
  readonly kind = 'malformed';
  constructor(provider: DistributorName, options?: { cause?: unknown }) {
    super(provider, messages.distributorMalformed(distributorLabels[provider]), options);
  }
}

/** The provider refused our credentials. */
export class DistributorRefused extends DistributorError {
  readonly kind = 'refused';
  constructor(provider: DistributorName, options?: { cause?: unknown }) {
    super(provider, messages.distributorRefused(distributorLabels[provider]), options);
  }
}
