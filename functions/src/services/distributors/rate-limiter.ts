import type { DistributorName } from '#shared/schemas/distributors';
import { returnRateSlot, takeRateSlot, type RateWindow } from '#repositories/rate-limits';
import { DistributorBudgetSpent, DistributorThrottled } from './errors';
import { pause } from './pause';
import type { RateLimits } from './types';

const MINUTE = 60;
const DAY = 86_400;

export interface RateLimiterOptions {
  /** Longest wait for the next minute window before giving up with DistributorThrottled. */
  maxWaitMs: number;
  /** Epoch milliseconds; tests fix it to stay inside one window. */
  clock?: () => number;
}

export interface RateLimiter {
  /**
   * Counts one call against the provider's minute and day budgets, shared by every function
   * instance through the table. Waits (up to maxWaitMs) when the minute is full; throws
   * DistributorThrottled when that is not enough and DistributorBudgetSpent when the day is.
   */
  take(signal?: AbortSignal): Promise<void>;
}

const windowOf = (provider: DistributorName, span: number, nowSeconds: number): RateWindow => {
  const start = nowSeconds - (nowSeconds % span);
  return { subject: `${provider}:${span === DAY ? 'day' : 'minute'}`, start, expiresAt: start + 2 * span };
};

export const createRateLimiter = (
  provider: DistributorName,
  limits: RateLimits,
  options: RateLimiterOptions,
): RateLimiter => {
  const clock = options.clock ?? Date.now;
  return {
    take: async (signal) => {
      const giveUpAt = clock() + options.maxWaitMs;
      for (;;) {
        const now = clock();
        const nowSeconds = Math.floor(now / 1000);
        const minute = windowOf(provider, MINUTE, nowSeconds);
        if (await takeRateSlot(minute, limits.perMinute)) {
          // The minute first: a full minute must not use up the day's budget while it waits.
          if (await takeRateSlot(windowOf(provider, DAY, nowSeconds), limits.perDay)) return;
          await returnRateSlot(minute);
          throw new DistributorBudgetSpent(provider, limits.perDay);
        }
        // Spread the waiters over the first moments of the next window.
        const wait = (minute.start + MINUTE) * 1000 - now + Math.floor(Math.random() * 250);
        if (now + wait > giveUpAt) throw new DistributorThrottled(provider, Math.max(1, Math.ceil(wait / 1000)));
        await pause(wait, signal);
      }
    },
  };
};
