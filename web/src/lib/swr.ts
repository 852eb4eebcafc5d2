import { useEffect } from 'react';
import { unstable_serialize, type Cache, type Middleware, type SWRConfiguration, type State } from 'swr';
import { ApiError, api } from './api-client';

/** Query data stays fresh for 5 minutes and unused entries go after 5 minutes. */
export const FRESH_FOR_MS = 5 * 60 * 1000;
export const UNUSED_ENTRY_TTL_MS = 5 * 60 * 1000;
export const MAX_RETRIES = 3;
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

/** Exponential backoff from 1 s, doubling, capped at 30 s; `attempt` counts from 0. */
export const retryDelay = (attempt: number): number => Math.min(FIRST_RETRY_MS * 2 ** attempt, MAX_RETRY_MS);

/** A client error (4xx) will not change on a retry; a server or network failure might. */
export const isRetryable = (error: unknown): boolean =>
  !(error instanceof ApiError) || error.status >= 500 || error.status === 408 || error.status === 429;

/** The default read: GET on the key (the first element when the key is an array); 401 gives null. */
export const defaultFetcher = (key: string | readonly [string, ...unknown[]]) =>
  api.getOrNull<unknown>(typeof key === 'string' ? key : key[0]);

export interface QueryCache {
  cache: Cache & { sweep: () => void };
  /** SWR middleware marking a key in use while a component that reads it is mounted. */
  trackUsage: Middleware;
}

/**
 * An SWR cache that drops entries no mounted component has used for five minutes, the way the
 * query caches of other data libraries garbage-collect; SWR's own Map cache keeps everything forever.
 */
export const createQueryCache = (ttlMs = UNUSED_ENTRY_TTL_MS, now: () => number = Date.now): QueryCache => {
  const entries = new Map<string, State>();
  const users = new Map<string, number>();
  const releasedAt = new Map<string, number>();

  const retain = (key: string) => {
    users.set(key, (users.get(key) ?? 0) + 1);
    releasedAt.delete(key);
  };
  const release = (key: string) => {
    const count = (users.get(key) ?? 1) - 1;
    if (count > 0) return void users.set(key, count);
    users.delete(key);
    releasedAt.set(key, now());
  };

  const cache: QueryCache['cache'] = {
    keys: () => entries.keys(),
    get: (key) => entries.get(key),
    set: (key, value) => {
      entries.set(key, value);
      if (!users.has(key)) releasedAt.set(key, now());
    },
    delete: (key) => {
      entries.delete(key);
      releasedAt.delete(key);
    },
    sweep: () => {
      const cutoff = now() - ttlMs;
      for (const [key, at] of releasedAt) {
        if (at <= cutoff) {
          entries.delete(key);
          releasedAt.delete(key);
        }
      }
    },
  };

  const trackUsage: Middleware = (useSWRNext) => (key, fetcher, config) => {
    const result = useSWRNext(key, fetcher, config);
    const serialized = key === null || key === undefined || key === false ? '' : unstable_serialize(key);
    useEffect(() => {
      if (!serialized) return undefined;
      retain(serialized);
      return () => release(serialized);
    }, [serialized]);
    return result;
  };

  return { cache, trackUsage };
};

/**
 * A read that polls (the bell every 30 s, a running batch every second, the image counts during
 * a batch) must really ask each time. SWR's own polling asks "with deduplication": any request
 * made within `dedupingInterval` before counts as this one, and with the 5-minute freshness as
 * that interval it swallowed every poll but one in five minutes. So polling is done here: SWR
 * is told not to poll, and a timer revalidates the key at the interval while the page is
 * visible, which always asks the server (requests in flight are still shared). The interval may
 * depend on the latest answer (a batch is polled only while it runs).
 */
export const pollsAlwaysAsk: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const { refreshInterval } = config;
  const result = useSWRNext(key, fetcher, refreshInterval ? { ...config, refreshInterval: 0 } : config);
  const interval = typeof refreshInterval === 'function' ? refreshInterval(result.data) : (refreshInterval ?? 0);
  const serialized = key === null || key === undefined || key === false ? '' : unstable_serialize(key);
  const { mutate } = result;
  useEffect(() => {
    if (!interval || !serialized) return undefined;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') void mutate();
    }, interval);
    return () => clearInterval(timer);
  }, [interval, serialized, mutate]);
  return result;
};

export const createSwrConfig = (queryCache: QueryCache = createQueryCache()): SWRConfiguration => ({
  fetcher: defaultFetcher,
  dedupingInterval: FRESH_FOR_MS,
  focusThrottleInterval: FRESH_FOR_MS,
  revalidateOnFocus: false,
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    if (!isRetryable(error) || retryCount > MAX_RETRIES) return;
    setTimeout(() => void revalidate({ retryCount }), retryDelay(retryCount - 1));
  },
  provider: () => queryCache.cache,
  use: [queryCache.trackUsage, pollsAlwaysAsk],
});
