import type { ZodType } from 'zod';
import type { DistributorName } from '#shared/schemas/distributors';
import { logger } from '#lib/logger';
import {
  DistributorDailyLimit,
  DistributorError,
  DistributorMalformedAnswer,
  DistributorRefused,
  DistributorThrottled,
  DistributorUnavailable,
} from './errors';
import { pause } from './pause';
import type { RateLimiter } from './rate-limiter';
import type { CallPurpose, DistributorCandidate } from './types';

/** How a client talks to its API: how long to wait, how often to try again. */
export interface CallPolicy {
  /** One exchange, from sending to the last byte of the answer. */
  timeoutMs: number;
  /** Further attempts after a 5xx or a dropped connection (with backoff). */
  serverErrorRetries: number;
  /** Longest Retry-After honoured after a 429; a longer one gives up with DistributorThrottled. */
  maxRetryAfterMs: number;
}

/**
 * What a 429 (or a 503 carrying rate-limit headers) means: a short burst limit to wait out, or
 * the provider's daily limit, which stops it until `resumesAt`.
 */
export type Refusal = { kind: 'burst'; waitMs: number } | { kind: 'daily'; resumesAt: Date };

/** Reads a provider's refusal from its status, headers and body text; undefined when it is not one. */
export type RefusalReader = (
  answer: { status: number; headers: Headers; text: string },
  now: number,
) => Refusal | undefined;

export interface ApiCall {
  provider: DistributorName;
  /** What the logs call this call; never the URL, which may carry a key. */
  label: string;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Counts each attempt against the provider's budgets before it is sent. */
  limiter?: RateLimiter;
  /** Which share of the day's budget the attempts count against. */
  purpose?: CallPurpose;
  /** The provider's own reading of a 429 or 503; without one a 429 is a burst limit. */
  readRefusal?: RefusalReader;
  /** A 404 answers null (a product looked up by number that does not exist), not an error. */
  notFoundIsEmpty?: boolean;
  signal?: AbortSignal;
}

/** 429s in a row before giving up, however short their Retry-After. */
const MAX_THROTTLED_ATTEMPTS = 3;
const DEFAULT_RETRY_AFTER_MS = 1000;

/** Retry-After as milliseconds: delta-seconds or an HTTP date (RFC 9110, section 10.2.3). */
export const retryAfterMs = (header: string | null, now = Date.now()): number | undefined => {
  if (!header) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its weekday and month; anything else (a negative number) is no date.
  if (!/[a-z]{3}/i.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
};

const backoff = (attempt: number) => 250 * 2 ** (attempt - 1) + Math.floor(Math.random() * 100);

const isAbort = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/**
 * One JSON call with the house rules: a timeout on every attempt; a burst limit (a 429, or what
 * the provider's refusal reader calls one) waits for Retry-After (bounded) and tries again; the
 * provider's daily limit stops every instance until its reset and is DistributorDailyLimit; a
 * 5xx or a dropped connection is retried with backoff; 401/403 is DistributorRefused; an answer
 * that is not JSON is DistributorMalformedAnswer. Timeouts are not retried: a provider that
 * hangs once usually hangs again, and the caller has a deadline.
 */
export const callApi = async (call: ApiCall, policy: CallPolicy): Promise<unknown> => {
  const { provider, signal } = call;
  let serverErrors = 0;
  let throttled = 0;
  const log = (message: string, details: Record<string, unknown>) =>
    logger.warn(message, { provider, call: call.label, ...details });
  try {
    for (;;) {
      await call.limiter?.take(signal, call.purpose);
      let response: Response;
      const attemptSignal = AbortSignal.any([AbortSignal.timeout(policy.timeoutMs), ...(signal ? [signal] : [])]);
      try {
        response = await fetch(call.url, {
          method: call.method,
          headers: call.headers,
          body: call.body,
          signal: attemptSignal,
          redirect: 'error',
        });
      } catch (error) {
        if (isAbort(error) || signal?.aborted || serverErrors >= policy.serverErrorRetries)
          throw new DistributorUnavailable(provider, { cause: error });
        serverErrors++;
        log('distributor connection failed; retrying', { attempt: serverErrors, error: (error as Error).message });
        await pause(backoff(serverErrors), signal);
        continue;
      }

      if (response.status === 429 || response.status === 503) {
        const text = await response.text().catch(() => '');
        const now = call.limiter?.now() ?? Date.now();
        const refusal =
          call.readRefusal?.({ status: response.status, headers: response.headers, text }, now) ??
          (response.status === 429
            ? {
                kind: 'burst' as const,
                waitMs: retryAfterMs(response.headers.get('retry-after'), now) ?? DEFAULT_RETRY_AFTER_MS,
              }
            : undefined);
        if (refusal?.kind === 'daily') {
          const stop = new DistributorDailyLimit(provider, refusal.resumesAt, now);
          logger.warn('distributor daily limit reached; not asking it again until it resets', {
            provider,
            call: call.label,
            resumesAt: refusal.resumesAt.toISOString(),
          });
          await recordStop(call.limiter, stop);
          throw stop;
        }
        if (refusal?.kind === 'burst') {
          throttled++;
          if (throttled >= MAX_THROTTLED_ATTEMPTS || refusal.waitMs > policy.maxRetryAfterMs) {
            throw new DistributorThrottled(provider, Math.max(1, Math.ceil(refusal.waitMs / 1000)));
          }
          log('distributor throttled; waiting for Retry-After', { waitMs: refusal.waitMs });
          await pause(refusal.waitMs, signal);
          continue;
        }
      }
      if (response.status >= 500) {
        await response.body?.cancel().catch(() => {});
        if (serverErrors >= policy.serverErrorRetries)
          throw new DistributorUnavailable(provider, { cause: new Error(`HTTP ${response.status}`) });
        serverErrors++;
        log('distributor server error; retrying', { status: response.status, attempt: serverErrors });
        await pause(backoff(serverErrors), signal);
        continue;
      }
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel();
        throw new DistributorRefused(provider, { cause: new Error(`HTTP ${response.status}`) });
      }
      if (response.status === 404 && call.notFoundIsEmpty) {
        await response.body?.cancel().catch(() => {});
        return null;
      }
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        throw new DistributorUnavailable(provider, {
          cause: new Error(`HTTP ${response.status}: ${text.slice(0, 300)}`),
        });
      }
      const text = await response.text();
      try {
        return JSON.parse(text) as unknown;
      } catch (cause) {
        throw new DistributorMalformedAnswer(provider, { cause });
      }
    }
  } catch (error) {
    if (error instanceof DistributorError) {
      if (error.kind !== 'budget-spent' && error.kind !== 'daily-limit')
        log('distributor call failed', {
          kind: error.kind,
          cause: String((error.cause as Error | undefined)?.message ?? ''),
        });
      throw error;
    }
    // A timeout while reading the body, or the caller's deadline during a wait.
    if (isAbort(error) || signal?.aborted) throw new DistributorUnavailable(provider, { cause: error });
    throw error;
  }
};

/**
 * Keeps every instance from asking a provider that reported its daily limit. Failing to record
 * it (the table unreachable) does not change the answer: the next refusal records it again.
 */
export const recordStop = async (limiter: RateLimiter | undefined, stop: DistributorDailyLimit): Promise<void> => {
  try {
    await limiter?.stopUntil(stop.resumesAt, stop.message);
  } catch (error) {
    logger.warn('distributor daily limit not recorded', { provider: stop.provider, error: error as Error });
  }
};

/** The answer read with the documented shape's schema; anything else is DistributorMalformedAnswer. */
export const readAnswer = <T>(provider: DistributorName, schema: ZodType<T>, answer: unknown): T => {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new DistributorMalformedAnswer(provider, { cause: parsed.error });
  return parsed.data;
};

/**
 * A file or page address from an answer, absolute and http(s), or null. Digi-Key writes some
 * datasheet links scheme-relative (`//www.example.com/ds.pdf`).
 */
export const webAddress = (value: string | null | undefined): string | null => {
  const text = value?.trim();
  if (!text) return null;
  try {
    const url = new URL(text.startsWith('//') ? `https:${text}` : text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
};

type AnswerText = string | null | undefined;

/** What a distributor's answer says about one product, in its own fields (any may be missing or padded). */
export interface ProductFields {
  manufacturerPartNumber: AnswerText;
  manufacturer: AnswerText;
  orderNumbers: AnswerText[];
  /** The first that is not blank describes the product. */
  descriptions: AnswerText[];
  imageUrl: AnswerText;
  datasheetUrl: AnswerText;
  productUrl: AnswerText;
}

/** One product as a candidate: trimmed, web addresses only; none without a manufacturer part number. */
export const candidateOf = (fields: ProductFields): DistributorCandidate | undefined => {
  const manufacturerPartNumber = fields.manufacturerPartNumber?.trim();
  if (!manufacturerPartNumber) return undefined;
  return {
    manufacturerPartNumber,
    manufacturer: fields.manufacturer?.trim() ?? '',
    orderNumbers: fields.orderNumbers.flatMap((number) => number?.trim() || []),
    description: fields.descriptions.map((text) => text?.trim()).find(Boolean) ?? null,
    imageUrl: webAddress(fields.imageUrl),
    datasheetUrl: webAddress(fields.datasheetUrl),
    productUrl: webAddress(fields.productUrl),
  };
};
