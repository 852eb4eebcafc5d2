import { render } from '@testing-library/react';
import useSWR, { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { FRESH_FOR_MS, createQueryCache, createSwrConfig, isRetryable, retryDelay } from './swr';

describe('query cache rules (spec §7)', () => {
  it('backs off exponentially from 1 s, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries server and network failures but not client errors', () => {
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryable(new ApiError(503, '', 'Service Unavailable'))).toBe(true);
    expect(isRetryable(new ApiError(404, '', 'Not Found'))).toBe(false);
    expect(isRetryable(new ApiError(401, '', 'Unauthorized'))).toBe(false);
  });

  it('keeps data fresh for 5 minutes and retries 3 times', () => {
    const config = createSwrConfig();
    expect(config.dedupingInterval).toBe(FRESH_FOR_MS);
    expect(FRESH_FOR_MS).toBe(5 * 60 * 1000);
    const scheduled: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    globalThis.setTimeout = ((_: () => void, ms: number) => scheduled.push(ms)) as unknown as typeof setTimeout;
    try {
      for (const retryCount of [1, 2, 3, 4]) {
        config.onErrorRetry?.(new TypeError('offline'), '/x', config as never, async () => true, {
          retryCount,
          dedupe: true,
        });
      }
    } finally {
      globalThis.setTimeout = realSetTimeout;
    }
    expect(scheduled).toEqual([1000, 2000, 4000]);
  });

  it('drops an entry 5 minutes after the last component using it went away, not while one uses it', async () => {
    let now = 0;
    const queryCache = createQueryCache(5 * 60 * 1000, () => now);
    const Reader = () => {
      const { data } = useSWR('/thing', async () => 'value');
      return <p>{data ?? 'loading'}</p>;
    };
    const view = render(
      <SWRConfig value={{ provider: () => queryCache.cache, use: [queryCache.trackUsage] }}>
        <Reader />
      </SWRConfig>,
    );
    await view.findByText('value');

    now += 10 * 60 * 1000;
    queryCache.cache.sweep();
    expect(queryCache.cache.get('/thing')?.data).toBe('value');

    view.unmount();
    now += 4 * 60 * 1000;
    queryCache.cache.sweep();
    expect(queryCache.cache.get('/thing')?.data).toBe('value');

    now += 60 * 1000;
    queryCache.cache.sweep();
    expect(queryCache.cache.get('/thing')).toBeUndefined();
  });
});
