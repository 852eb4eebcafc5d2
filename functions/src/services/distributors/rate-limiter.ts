import type { DistributorName } from '#shared/schemas/distributors';
import {
  pauseRateWindow,
  readRateWindowState,
  returnRateSlot,
  takeRateSlot,
  type RateWindow,
} from '#repositories/rate-limits';
import { DistributorBudgetSpent, DistributorDailyLimit, DistributorThrottled } from './errors';
import { pause } from './pause';
import type { CallPurpose, RateLimits } from './types';

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
   * DistributorThrottled when that is not enough, DistributorBudgetSpent when the day's budget
   * (for a per-part search: its share of it) is spent, and DistributorDailyLimit while the
   * provider's own daily limit stops it.
   */
  take(signal?: AbortSignal, purpose?: CallPurpose): Promise<void>;
  /**
   * The provider answered that its own daily limit is reached: no instance asks it again until
   * `resumesAt` (the day windows up to then carry the pause).
   */
  stopUntil(resumesAt: Date, reason: string): Promise<void>;
  /** The limiter's clock (epoch milliseconds): a refusal's reset is reckoned from it. */
  now(): number;
}

export const windowOf = (subject: string, span: number, nowSeconds: number): RateWindow => {
  const start = nowSeconds - (nowSeconds % span);
  return { subject: `${subject}:${span === DAY ? 'day' : 'minute'}`, start, expiresAt: start + 2 * span };
};

/** Calls of the day's budget a per-part search may use; the rest is kept for image batches. */
export const searchShare = (limits: RateLimits): number => Math.max(0, limits.perDay - (limits.batchReserve ?? 0));

/** Calls of each minute a batch may take: its configured share, or the whole minute. */
export const batchMinuteShare = (limits: RateLimits): number => limits.batchPerMinute ?? limits.perMinute;

export const createRateLimiter = (
  provider: DistributorName,
  limits: RateLimits,
  options: RateLimiterOptions,
): RateLimiter => {
  const clock = options.clock ?? Date.now;
  /** A pause this instance has seen (epoch seconds): no table round trip until it ends. */
  let knownStop: { until: number } | undefined;

  const dayRefusal = async (day: RateWindow, nowSeconds: number, purpose: CallPurpose) => {
    const state = await readRateWindowState(day);
    if (state.pausedUntil !== undefined && state.pausedUntil > nowSeconds) {
      knownStop = { until: state.pausedUntil };
      return new DistributorDailyLimit(provider, new Date(state.pausedUntil * 1000), clock());
    }
    if (purpose === 'search' && state.count < limits.perDay)
      return new DistributorBudgetSpent(provider, limits.perDay, {
        searches: searchShare(limits),
        reserve: limits.perDay - searchShare(limits),
      });
    return new DistributorBudgetSpent(provider, limits.perDay);
  };

  return {
    take: async (signal, purpose = 'batch') => {
      const giveUpAt = clock() + options.maxWaitMs;
      for (;;) {
        const now = clock();
        const nowSeconds = Math.floor(now / 1000);
        if (knownStop && knownStop.until > nowSeconds)
          throw new DistributorDailyLimit(provider, new Date(knownStop.until * 1000), now);
        const minute = windowOf(provider, MINUTE, nowSeconds);
        // A batch stops at its share of the minute; the rest of the minute stays for people's searches.
        const minuteLimit =
          purpose === 'batch' ? Math.min(limits.perMinute, batchMinuteShare(limits)) : limits.perMinute;
        if (await takeRateSlot(minute, minuteLimit, nowSeconds)) {
          // The minute first: a full minute must not use up the day's budget while it waits.
          const day = windowOf(provider, DAY, nowSeconds);
          const dayLimit = purpose === 'search' ? searchShare(limits) : limits.perDay;
          if (await takeRateSlot(day, dayLimit, nowSeconds)) return;
          await returnRateSlot(minute);
          throw await dayRefusal(day, nowSeconds, purpose);
        }
        // Spread the waiters over the first moments of the next window.
        const wait = (minute.start + MINUTE) * 1000 - now + Math.floor(Math.random() * 250);
        if (now + wait > giveUpAt) throw new DistributorThrottled(provider, Math.max(1, Math.ceil(wait / 1000)));
        await pause(wait, signal);
      }
    },
    now: () => clock(),
    stopUntil: async (resumesAt, reason) => {
      const nowSeconds = Math.floor(clock() / 1000);
      const until = Math.ceil(resumesAt.getTime() / 1000);
      if (until <= nowSeconds) return;
      knownStop = { until };
      // Every UTC day window the pause reaches (a reset is less than a day away).
      for (let at = nowSeconds; at < until; at += DAY - (at % DAY)) {
        await pauseRateWindow(windowOf(provider, DAY, at), until, reason);
      }
    },
  };
};
