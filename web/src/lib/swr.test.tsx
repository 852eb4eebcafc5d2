import { act, render } from '@testing-library/react';
import useSWR, { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { FRESH_FOR_MS, createQueryCache, createSwrConfig, isRetryable, retryDelay } from './swr';

describe('query cache rules', () => {
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

  describe('polling', () => {
    afterEach(() => vi.useRealTimers());

    /** Mounts `readers` hooks of one key under the app's SWR configuration and counts the fetches over `ms`. */
    const fetchesOver = async (ms: number, options: { refreshInterval?: number; readers?: number } = {}) => {
      vi.useFakeTimers();
      let fetches = 0;
      const fetcher = async () => ++fetches;
      const Reader = () => {
        const { data } = useSWR('/polled', fetcher, { refreshInterval: options.refreshInterval });
        return <p>{data ?? 'loading'}</p>;
      };
      const view = render(
        <SWRConfig value={createSwrConfig()}>
          {Array.from({ length: options.readers ?? 1 }, (_, index) => (
            <Reader key={index} />
          ))}
        </SWRConfig>,
      );
      await act(async () => {
        await vi.advanceTimersByTimeAsync(ms);
      });
      view.unmount();
      return fetches;
    };

    it('asks again at every 30 s poll instead of treating it as a duplicate within the 5-minute freshness', async () => {
      // Mounted at 0 s, polls at 30, 60, 90 and 120 s.
      expect(await fetchesOver(125_000, { refreshInterval: 30_000 })).toBe(5);
    });

    it('polls a read that starts polling after it was first read (a batch that starts)', async () => {
      vi.useFakeTimers();
      let fetches = 0;
      const fetcher = async () => ++fetches;
      const Reader = ({ polling }: { polling: boolean }) => {
        const { data } = useSWR('/later', fetcher, { refreshInterval: polling ? 5_000 : 0 });
        return <p>{data ?? 'loading'}</p>;
      };
      const config = createSwrConfig();
      const view = render(
        <SWRConfig value={config}>
          <Reader polling={false} />
        </SWRConfig>,
      );
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10_000);
      });
      expect(fetches).toBe(1);
      view.rerender(
        <SWRConfig value={config}>
          <Reader polling />
        </SWRConfig>,
      );
      await act(async () => {
        await vi.advanceTimersByTimeAsync(16_000);
      });
      expect(fetches).toBe(4);
      view.unmount();
    });

    it('still shares one request between readers mounted together, and keeps unpolled reads fresh for 5 minutes', async () => {
      expect(await fetchesOver(1_000, { refreshInterval: 30_000, readers: 3 })).toBe(1);
      expect(await fetchesOver(125_000)).toBe(1);
    });
  });
});
