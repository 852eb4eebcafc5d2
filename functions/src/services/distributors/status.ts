import { distributorLabels, distributorNames, type DistributorName } from '#shared/schemas/distributors';
import type { DistributorStatus } from '#shared/schemas/images';
import { messages } from '#shared/messages';
import { config } from '#lib/config';
import { readRateWindowState } from '#repositories/rate-limits';
import { DistributorDailyLimit } from './errors';
import { limitsFor } from './limits';
import { searchShare, windowOf } from './rate-limiter';

const DAY = 86_400;

/**
 * Where each distributor stands today, for the image dashboard: the calls used of its day budget,
 * and, when it cannot be asked, why in words (its own daily limit with the time it resets, the
 * day budget, or the share per-part searches may use).
 */
export const distributorStatuses = async (now = Date.now()): Promise<DistributorStatus[]> => {
  const settings = config();
  const nowSeconds = Math.floor(now / 1000);
  return Promise.all(
    distributorNames.map(async (provider: DistributorName): Promise<DistributorStatus> => {
      const limits = limitsFor(provider, settings);
      const share = searchShare(limits);
      const state = await readRateWindowState(windowOf(provider, DAY, nowSeconds));
      const base = { provider, usedToday: state.count, dailyLimit: limits.perDay, searchShare: share };
      if (state.pausedUntil !== undefined && state.pausedUntil > nowSeconds) {
        const resumesAt = new Date(state.pausedUntil * 1000);
        return {
          ...base,
          state: 'daily-limit',
          message: new DistributorDailyLimit(provider, resumesAt, now).message,
          resumesAt: resumesAt.toISOString(),
        };
      }
      const midnight = new Date((nowSeconds - (nowSeconds % DAY) + DAY) * 1000).toISOString();
      if (state.count >= limits.perDay)
        return {
          ...base,
          state: 'budget-spent',
          message: messages.distributorBudgetSpent(distributorLabels[provider], limits.perDay),
          resumesAt: midnight,
        };
      if (state.count >= share)
        return {
          ...base,
          state: 'search-share-spent',
          message: messages.distributorSearchShareSpent(distributorLabels[provider], share, limits.perDay - share),
          resumesAt: midnight,
        };
      return { ...base, state: 'ready', message: null, resumesAt: null };
    }),
  );
};
