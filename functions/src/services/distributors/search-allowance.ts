import { messages } from '#shared/messages';
import { AllowanceUsedUp, takeAllowance, type Allowance, type AllowanceTicket } from '../allowances';
import { SearchAllowanceSpent } from './errors';

export type { AllowanceTicket };

export type SearchAllowance = Allowance;

/**
 * One person's per-part distributor searches, counted in the table per minute and per day as
 * sliding windows (every instance shares the count), so that one person's loops cannot spend the shared
 * distributor budgets for everyone. Throws SearchAllowanceSpent (429, in words, with when to
 * try again) when either is used up. The ticket gives the search back when it never reached a distributor.
 */
export const takeSearchAllowance = async (
  userId: string,
  allowance: SearchAllowance,
  clock: () => number = Date.now,
): Promise<AllowanceTicket> => {
  try {
    return await takeAllowance(`search:${userId}`, allowance, Math.floor(clock() / 1000));
  } catch (error) {
    if (!(error instanceof AllowanceUsedUp)) throw error;
    const { period, retryAfterSeconds } = error;
    throw new SearchAllowanceSpent(
      period === 'minute'
        ? messages.searchAllowanceMinute(allowance.perMinute, retryAfterSeconds)
        : messages.searchAllowanceDay(allowance.perDay),
      retryAfterSeconds,
    );
  }
};
