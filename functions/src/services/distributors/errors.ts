import { messages } from '#shared/messages';
import { distributorLabels, type DistributorName } from '#shared/schemas/distributors';
import { TooManyRequests, Unavailable } from '#lib/errors';

/**
 * What can go wrong with a distributor, as typed errors. Each is a 503 at the API with a message
 * a person can act on; `kind` (and the class name, which Step Functions sees as the error name)
 * lets a batch tell a spent day budget from a busy minute or a broken answer.
 */
export type DistributorErrorKind =
  | 'not-configured'
  | 'unavailable'
  | 'throttled'
  | 'budget-spent'
  | 'daily-limit'
  | 'malformed'
  | 'refused'
  | 'cannot-search';

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

/** A kind of distributor error whose message names only the provider. */
const namingTheProvider = <K extends DistributorErrorKind>(kind: K, message: (provider: string) => string) =>
  class extends DistributorError {
    readonly kind: K = kind;
    constructor(provider: DistributorName, options?: { cause?: unknown }) {
      super(provider, message(distributorLabels[provider]), options);
    }
  };

/** No credentials for the provider in this environment. */
export class DistributorNotConfigured extends namingTheProvider('not-configured', messages.distributorNotConfigured) {}

/** No usable answer: timeouts, connection failures, server errors that outlasted the retries. */
export class DistributorUnavailable extends namingTheProvider('unavailable', messages.distributorUnavailable) {}

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

/**
 * The product's own day budget for the provider is used up: nothing more is sent until the next
 * UTC day. `share` is 'searches' when only the part of it per-part searches may use is spent
 * (the rest is kept for image batches).
 */
export class DistributorBudgetSpent extends DistributorError {
  readonly kind = 'budget-spent';
  constructor(
    provider: DistributorName,
    readonly dailyLimit: number,
    readonly share: { searches: number; reserve: number } | undefined = undefined,
  ) {
    super(
      provider,
      share
        ? messages.distributorSearchShareSpent(distributorLabels[provider], share.searches, share.reserve)
        : messages.distributorBudgetSpent(distributorLabels[provider], dailyLimit),
    );
  }
}

/** `06:00` for a moment (UTC). */
const clockTime = (at: Date) => at.toISOString().slice(11, 16);

/**
 * The distributor itself says its daily limit for our credentials is reached (Digi-Key's 429
 * with a Retry-After of hours, Mouser's 200 with `TooManyRequests`): nothing is sent to it until
 * `resumesAt`.
 */
export class DistributorDailyLimit extends DistributorError {
  readonly kind = 'daily-limit';
  readonly resumesAt: Date;
  constructor(provider: DistributorName, resumesAt: Date, now = Date.now()) {
    // In whole seconds, as the stop is recorded: the first answer and every later one name the
    // same minute, even when the distributor's reset falls in the last second of one.
    const resumes = new Date(Math.ceil(resumesAt.getTime() / 1000) * 1000);
    super(provider, messages.distributorDailyLimit(distributorLabels[provider], clockTime(resumes)));
    this.resumesAt = resumes;
    this.headers['retry-after'] = String(Math.max(1, Math.ceil((resumes.getTime() - now) / 1000)));
  }
}

/**
 * The distributor refuses the searched text itself (Mouser's `InvalidCharacters`), even after
 * transliteration: not an outage, so a search answers it as "nothing found", in words.
 */
export class DistributorCannotSearch extends DistributorError {
  readonly kind = 'cannot-search';
  constructor(
    provider: DistributorName,
    readonly reference: string,
  ) {
    super(provider, messages.distributorCannotSearch(distributorLabels[provider], reference));
  }
}

/** Errors that say the provider must not be asked again before its reset (the day's limit, ours or theirs). */
export const isDayStop = (error: unknown): error is DistributorBudgetSpent | DistributorDailyLimit =>
  error instanceof DistributorBudgetSpent || error instanceof DistributorDailyLimit;

/** One person's allowance of per-part searches is used up (429, with when to try again). */
export class SearchAllowanceSpent extends TooManyRequests {}

/** An answer that is not the documented shape (not JSON, or missing what we read). */
export class DistributorMalformedAnswer extends namingTheProvider('malformed', messages.distributorMalformed) {}

/** The provider refused our credentials. */
export class DistributorRefused extends namingTheProvider('refused', messages.distributorRefused) {}
