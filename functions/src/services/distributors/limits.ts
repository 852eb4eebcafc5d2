import type { DistributorName } from '#shared/schemas/distributors';
import type { Config } from '#lib/config';
import type { RateLimits } from './types';

/**
 * The provider's budgets from the configuration, with the share of the day kept for image batches
 * and the share of each minute batches may take.
 */
export const limitsFor = (name: DistributorName, settings: Config): RateLimits => {
  const perDay = name === 'digikey' ? settings.DIGIKEY_CALLS_PER_DAY : settings.MOUSER_CALLS_PER_DAY;
  const perMinute = name === 'digikey' ? settings.DIGIKEY_CALLS_PER_MINUTE : settings.MOUSER_CALLS_PER_MINUTE;
  return {
    perMinute,
    perDay,
    // At least one call a minute, or a batch could never run.
    batchPerMinute: Math.max(1, Math.floor((perMinute * settings.DISTRIBUTOR_BATCH_MINUTE_SHARE_PERCENT) / 100)),
    batchReserve: Math.round((perDay * settings.DISTRIBUTOR_BATCH_RESERVE_PERCENT) / 100),
  };
};
