import { readRateWindowCounts, returnRateSlot, takeRateSlot, type RateWindow } from '#repositories/rate-limits';

/*
 * One person's allowance of something per minute and per day, shared by every function instance
 * through the table, as a sliding window: what was counted in the current fixed window plus the
 * previous window's count weighted by how much of it still lies within the last minute (or day).
 * A fixed window alone lets twice the allowance through around its boundary (all of it at the
 * end of one window and all again at the start of the next); the weighted previous window closes
 * that gap without keeping a log of every call.
 */

export interface Allowance {
  perMinute: number;
  perDay: number;
}

export type AllowancePeriod = 'minute' | 'day';

const SPANS: Record<AllowancePeriod, number> = { minute: 60, day: 24 * 60 * 60 };

/** The allowance of `period` is used up; there is room again in `retryAfterSeconds`. */
export class AllowanceUsedUp extends Error {
  override name = 'AllowanceUsedUp';
  constructor(
    readonly period: AllowancePeriod,
    readonly limit: number,
    readonly retryAfterSeconds: number,
  ) {
    super(`allowance of ${limit} a ${period} used up`);
  }
}

/** One use of an allowance: given back when what it was taken for did not happen. */
export interface AllowanceTicket {
  giveBack(): Promise<void>;
}

const windowAt = (subject: string, period: AllowancePeriod, nowSeconds: number, back = 0): RateWindow => {
  const span = SPANS[period];
  const start = nowSeconds - (nowSeconds % span) - back * span;
  return { subject: `${subject}:${period}`, start, expiresAt: start + 3 * span };
};

/** The weight of the previous window at `elapsed` seconds into the current one. */
const previousWeight = (elapsed: number, span: number): number => (span - elapsed) / span;

/**
 * Seconds until the sliding count is below `limit` again, if nothing more is counted: within the
 * current window as the previous one weighs less, else some way into the next one.
 */
export const secondsUntilRoom = (
  limit: number,
  counts: { previous: number; current: number },
  elapsed: number,
  span: number,
): number => {
  const { previous, current } = counts;
  const leftInWindow = span - elapsed;
  if (current < limit && previous > 0) {
    const wait = Math.floor(leftInWindow - ((limit - current) * span) / previous) + 1;
    if (wait < leftInWindow) return Math.max(1, wait);
  }
  const intoNext = current >= limit ? Math.floor(span * (1 - limit / current)) + 1 : 0;
  return Math.max(1, leftInWindow + intoNext);
};

/** The room left in the current window once the previous window's weighted count is carried in. */
export const roomInWindow = (limit: number, previous: number, elapsed: number, span: number): number =>
  Math.ceil(limit - previous * previousWeight(elapsed, span));

/**
 * Counts one use of `subject`'s allowance, the minute first and then the day; a day that refuses
 * gives the minute back. Throws AllowanceUsedUp (with when there is room again) past either.
 */
export const takeAllowance = async (
  subject: string,
  allowance: Allowance,
  nowSeconds: number,
): Promise<AllowanceTicket> => {
  const periods = [
    { period: 'minute' as const, limit: allowance.perMinute },
    { period: 'day' as const, limit: allowance.perDay },
  ];
  const previous = await readRateWindowCounts(periods.map(({ period }) => windowAt(subject, period, nowSeconds, 1)));
  const taken: RateWindow[] = [];
  const giveBack = async () => {
    await Promise.all(taken.map((window) => returnRateSlot(window)));
  };
  for (const [index, { period, limit }] of periods.entries()) {
    const span = SPANS[period];
    const window = windowAt(subject, period, nowSeconds);
    const elapsed = nowSeconds - window.start;
    const room = roomInWindow(limit, previous[index]!, elapsed, span);
    if (room > 0 && (await takeRateSlot(window, room, nowSeconds))) {
      taken.push(window);
      continue;
    }
    await giveBack();
    const [current] = await readRateWindowCounts([window]);
    throw new AllowanceUsedUp(
      period,
      limit,
      secondsUntilRoom(limit, { previous: previous[index]!, current: current! }, elapsed, span),
    );
  }
  return { giveBack };
};
