import type { ZodType } from 'zod';
import type { DistributorName } from '#shared/schemas/distributors';
import { logger } from '#lib/logger';
import {
  DistributorError,
  DistributorMalformedAnswer,
  DistributorRefused,
  DistributorThrottled,
  DistributorUnavailable,
} from './errors';
import { pause } from './pause';
import type { RateLimiter } from './rate-limiter';

/** How a client talks to its API: how long to wait, how often to try again. */
export interface CallPolicy {
  /** One exchange, from sending to the last byte of the answer. */
  timeoutMs: number;
  /** Further attempts after a 5xx or a dropped connection (with backoff). */
  serverErrorRetries: number;
  /** Longest Retry-After honoured after a 429; a longer one gives up with DistributorThrottled. */
  maxRetryAfterMs: number;
}

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
  signal?: AbortSignal;
}

/** 429s in a row before giving up, however short their Retry-After. */
const MAX_THROTTLED_ATTEMPTS = 3;
const DEFAULT_RETRY_AFTER_MS = 1000;

/** Retry-After as milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
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
 * One JSON call with the house rules: a timeout on every attempt, a 429 waits for Retry-After
 * (bounded) and tries again, a 5xx or a dropped connection is retried with backoff, 401/403 is
 * DistributorRefused, an answer that is not JSON is DistributorMalformedAnswer. Timeouts are not
 * retried: a provider that hangs once usually hangs again, and the caller has a deadline.
 */
export const callApi = async (call: ApiCall, policy: CallPolicy): Promise<unknown> => {
  const { provider, signal } = call;
  let serverErrors = 0;
  let throttled = 0;
  const log = (message: string, details: Record<string, unknown>) =>
    logger.warn(message, { provider, call: call.label, ...details });
  try {
    for (;;) {
      await call.limiter?.take(signal);
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

      if (response.status === 429) {
        await response.body?.cancel();
        const wait = retryAfterMs(response.headers.get('retry-after')) ?? DEFAULT_RETRY_AFTER_MS;
        throttled++;
        if (throttled >= MAX_THROTTLED_ATTEMPTS || wait > policy.maxRetryAfterMs) {
          throw new DistributorThrottled(provider, Math.max(1, Math.ceil(wait / 1000)));
        }
        log('distributor throttled; waiting for Retry-After', { waitMs: wait });
        await pause(wait, signal);
        continue;
      }
      if (response.status >= 500) {
        await response.body?.cancel();
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
      if (error.kind !== 'budget-spent')
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
