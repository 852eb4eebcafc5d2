import { describe, expect, it } from 'vitest';
import type { Config } from '#lib/config';
import { limitsFor } from './limits';

const settings = (overrides: Partial<Config> = {}) =>
  ({
    DIGIKEY_CALLS_PER_MINUTE: 120,
    DIGIKEY_CALLS_PER_DAY: 1000,
    MOUSER_CALLS_PER_MINUTE: 30,
    MOUSER_CALLS_PER_DAY: 1000,
    DISTRIBUTOR_BATCH_RESERVE_PERCENT: 30,
    DISTRIBUTOR_BATCH_MINUTE_SHARE_PERCENT: 70,
    ...overrides,
  }) as Config;

describe('distributor budgets from the configuration', () => {
  it("give batches 70 % of each minute: 84 of Digi-Key's 120, 21 of Mouser's 30", () => {
    expect(limitsFor('digikey', settings())).toMatchObject({ perMinute: 120, batchPerMinute: 84, batchReserve: 300 });
    expect(limitsFor('mouser', settings())).toMatchObject({ perMinute: 30, batchPerMinute: 21 });
  });

  it('follow a configured share, and never leave a batch less than one call a minute', () => {
    expect(limitsFor('digikey', settings({ DISTRIBUTOR_BATCH_MINUTE_SHARE_PERCENT: 50 })).batchPerMinute).toBe(60);
    expect(limitsFor('mouser', settings({ MOUSER_CALLS_PER_MINUTE: 1 })).batchPerMinute).toBe(1);
  });
});
