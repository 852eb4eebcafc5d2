import { messages } from '#shared/messages';
import { returnRateSlot, takeRateSlot } from '#repositories/rate-limits';
import { SearchAllowanceSpent } from './errors';
import { windowOf } from './rate-limiter';

const MINUTE = 60;
const DAY = 86_400;

export interface SearchAllowance {
  perMinute: number;
  perDay: number;
}

/** One person's use of the allowance: give it back when the search never reached a distributor. */
export interface AllowanceTicket {
  giveBack(): Promise<void>;
}

/**
 * One person's per-part distributor searches, counted in the table per minute and per UTC day
 * (every instance shares the count), so that one person's loops cannot spend the shared
 * distributor budgets for everyone. Throws SearchAllowanceSpent (429, in words, with when to
 * try again) when either is used up; the minute is given back when the day refuses.
 */
export const takeSearchAllowance = async (
  userId: string,
  allowance: SearchAllowance,
  clock: () => number = Date.now,
): Promise<AllowanceTicket> => {
  const now = clock();
  const nowSeconds = Math.floor(now / 1000);
  const minute = windowOf(`search:${userId}`, MINUTE, nowSeconds);
  const day = windowOf(`search:${userId}`, DAY, nowSeconds);
  if (!(await takeRateSlot(minute, allowance.perMinute, nowSeconds))) {
    const seconds = Math.max(1, minute.start + MINUTE - nowSeconds);
    throw new SearchAllowanceSpent(messages.searchAllowanceMinute(allowance.perMinute, seconds), seconds);
  }
  if (!(await takeRateSlot(day, allowance.perDay, nowSeconds))) {
    await returnRateSlot(minute);
    throw new SearchAllowanceSpent(
      messages.searchAllowanceDay(allowance.perDay),
      Math.max(1, day.start + DAY - nowSeconds),
    );
  }
  return {
    giveBack: async () => {
      await Promise.all([returnRateSlot(minute), returnRateSlot(day)]);
    },
  };
};
