import type { DistributorName } from '#shared/schemas/distributors';
import type { Config } from '#lib/config';
import type { RateLimits } from './types';

/** The provider's budgets from the configuration, with the share of the day kept for image batches. */
export const limitsFor = (name: DistributorName, settings: Config): RateLimits => {
  const perDay = name === 'digikey' ? settings.DIGIKEY_CALLS_PER_DAY : settings.MOUSER_CALLS_PER_DAY;
  return {
    perMinute: name === 'digikey' ? settings.DIGIKEY_CALLS_PER_MINUTE : settings.MOUSER_CALLS_PER_MINUTE,
    perDay,
    batchReserve: Math.round((perDay * settings.DISTRIBUTOR_BATCH_RESERVE_PERCENT) / 100),
  };
};
