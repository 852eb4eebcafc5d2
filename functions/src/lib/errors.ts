/**
 * Typed domain errors. Services throw them; the HTTP error mapper turns them into a status
 * code and a `{ message, fields? }` body. Anything else becomes a 500 without internals.
 */
export type FieldErrors = Record<string, string>;

export abstract class DomainError extends Error {
  abstract readonly statusCode: number;
  readonly headers: Record<string, string> = {};

  constructor(
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The typed errors answered with `statusCode`; each is a class of its own, named in logs. */
const answeredWith = <S extends number>(statusCode: S) =>
  class extends DomainError {
    readonly statusCode: S = statusCode;
  };

export class Invalid extends answeredWith(400) {}
export class Unauthorized extends answeredWith(401) {}
export class Forbidden extends answeredWith(403) {}
export class NotFound extends answeredWith(404) {}
export class Conflict extends answeredWith(409) {}
/** The thing is known but its content is gone for good (a file whose object was lost). */
export class Gone extends answeredWith(410) {}
/** Well-formed, but it contradicts what the same call said before (a client key sent again with other content). */
export class Unprocessable extends answeredWith(422) {}
export class TooLarge extends answeredWith(413) {}
/** A body in a form the route does not read (not JSON where JSON is expected). */
export class UnsupportedMediaType extends answeredWith(415) {}
export class TooManyRequests extends answeredWith(429) {
  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.headers['retry-after'] = String(retryAfterSeconds);
  }
}
export class Unavailable extends answeredWith(503) {}
/**
 * What was asked for lives at another address for good (a part merged into another): answered
 * 301 with `Location` and `movedTo`, the id it went to.
 */
export class Moved extends answeredWith(301) {
  constructor(
    message: string,
    readonly movedTo: number,
    location: string,
  ) {
    super(message);
    this.headers.location = location;
  }
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
const THROTTLING = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'SlowDown',
  'Throttling',
  'ServiceUnavailable',
]);

/**
 * True for an AWS SDK error that says the service could not be reached or could not serve us
 * right now (refused, timed out, reset, throttled, a 5xx after the SDK's retries): the caller
 * should try again later, and gets a 503, not a 500.
 */
export const isServiceUnavailable = (error: unknown): boolean => {
  if (!(error instanceof Error) || !('$metadata' in error)) return false;
  const { code, $fault } = error as Error & { code?: string; $fault?: string };
  return (
    error.name === 'TimeoutError' ||
    (code !== undefined && NETWORK_CODES.has(code)) ||
    THROTTLING.has(error.name) ||
    $fault === 'server'
  );
};
