import { describe, expect, it } from 'vitest';
import { readRateWindow, readRateWindowState } from '#repositories/rate-limits';
import { DistributorBudgetSpent, DistributorDailyLimit, DistributorThrottled } from '#services/distributors/errors';
import { createRateLimiter, windowOf } from '#services/distributors/rate-limiter';
import { useTestStack } from '../../scripts/test/stack';

/*
 * The distributor budgets, counted in DynamoDB Local: many callers at once (as parallel Lambdas
 * are) never get more calls than the minute allows, a spent day stops everything, and a full
 * minute is waited out when the wait is short enough.
 */
useTestStack();

const MINUTE = 60_000;
/** A fixed moment inside a minute window of its own, so a test never straddles two windows. */
let windows = 0;
const fixedClock = () => {
  const at = Date.UTC(2031, 0, 1, 0, ++windows, 20);
  return () => at;
};
const minuteStart = (at: number) => Math.floor(at / MINUTE) * 60;

describe('distributor rate limits', () => {
  it('never give parallel callers, on several instances, more calls than the minute allows', async () => {
    const clock = fixedClock();
    // Three limiters: three function instances sharing the table.
    const instances = [1, 2, 3].map(() =>
      createRateLimiter('digikey', { perMinute: 7, perDay: 1000 }, { maxWaitMs: 0, clock }),
    );
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, (_, index) => instances[index % 3]!.take()));
    const granted = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
    expect(granted).toHaveLength(7);
    expect(refused).toHaveLength(23);
    for (const error of refused) expect(error).toBeInstanceOf(DistributorThrottled);
    expect(refused[0]).toMatchObject({ retryAfterSeconds: expect.any(Number), statusCode: 503 });
    expect((refused[0] as DistributorThrottled).retryAfterSeconds).toBeGreaterThanOrEqual(40);
    expect(await readRateWindow({ subject: 'digikey:minute', start: minuteStart(clock()) })).toBe(7);
  });

  it('stop at the day budget with an error that says so, without using the minute', async () => {
    const clock = fixedClock();
    const limiter = createRateLimiter('mouser', { perMinute: 100, perDay: 3 }, { maxWaitMs: 0, clock });
    await Promise.all([limiter.take(), limiter.take(), limiter.take()]);
    const spent = await limiter.take().catch((error: unknown) => error);
    expect(spent).toBeInstanceOf(DistributorBudgetSpent);
    expect(spent).toMatchObject({
      statusCode: 503,
      dailyLimit: 3,
      message: "Today's Mouser allowance of 3 requests is used up. Searches resume after midnight UTC.",
    });
    expect(await readRateWindow({ subject: 'mouser:minute', start: minuteStart(clock()) })).toBe(3);

    // A later minute of the same day: still spent.
    const later = createRateLimiter(
      'mouser',
      { perMinute: 100, perDay: 3 },
      { maxWaitMs: 0, clock: () => clock() + 5 * MINUTE },
    );
    await expect(later.take()).rejects.toBeInstanceOf(DistributorBudgetSpent);
  });

  it('wait for the next minute when it is close enough', async () => {
    // Real time, placed 400 ms before a minute ends.
    const now = Date.now();
    const offset = Math.ceil(now / MINUTE) * MINUTE + 7 * MINUTE - 400 - now;
    const clock = () => Date.now() + offset;
    const limiter = createRateLimiter('digikey', { perMinute: 1, perDay: 1000 }, { maxWaitMs: 2000, clock });
    await limiter.take();
    const started = Date.now();
    await limiter.take();
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("keep a distributor's own daily stop over midnight UTC, for every instance, until it resets", async () => {
    // 22:00 UTC; Digi-Key resets at 06:00 UTC: the stop reaches into the next UTC day.
    const at = Date.UTC(2031, 5, 10, 22, 0, 0);
    const resumesAt = new Date(Date.UTC(2031, 5, 11, 6, 0, 0));
    const limiter = createRateLimiter('digikey', { perMinute: 100, perDay: 1000 }, { maxWaitMs: 0, clock: () => at });
    await limiter.stopUntil(resumesAt, 'stopped for the test');
    const seconds = Math.floor(at / 1000);
    expect(await readRateWindowState(windowOf('digikey', 86_400, seconds))).toMatchObject({
      pausedUntil: resumesAt.getTime() / 1000,
      pauseReason: 'stopped for the test',
    });
    expect(await readRateWindowState(windowOf('digikey', 86_400, seconds + 86_400))).toMatchObject({
      pausedUntil: resumesAt.getTime() / 1000,
    });
    // Another instance, after midnight: still stopped, without counting a call.
    const afterMidnight = Date.UTC(2031, 5, 11, 1, 0, 0);
    const other = createRateLimiter(
      'digikey',
      { perMinute: 100, perDay: 1000 },
      { maxWaitMs: 0, clock: () => afterMidnight },
    );
    await expect(other.take()).rejects.toBeInstanceOf(DistributorDailyLimit);
    expect(await readRateWindow(windowOf('digikey', 86_400, Math.floor(afterMidnight / 1000)))).toBe(0);
    // After the reset: calls go out again.
    const afterReset = createRateLimiter(
      'digikey',
      { perMinute: 100, perDay: 1000 },
      {
        maxWaitMs: 0,
        clock: () => resumesAt.getTime() + 1000,
      },
    );
    await afterReset.take();
  });

  it('stop per-part searches at their share of the day and let batches use the rest', async () => {
    // A day of its own: the other tests spend days of 2031-01-01.
    const at = Date.UTC(2031, 6, 7, 12, 0, 20);
    const clock = () => at;
    const limits = { perMinute: 100, perDay: 5, batchReserve: 2 };
    const limiter = createRateLimiter('mouser', limits, { maxWaitMs: 0, clock });
    const searches = await Promise.allSettled(Array.from({ length: 6 }, () => limiter.take(undefined, 'search')));
    expect(searches.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    const refused = searches.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
    expect(refused[0]).toMatchObject({
      message:
        "Today's Mouser requests for part searches (3) are used up; the remaining 2 are kept for administrators' image batches. Searches resume after midnight UTC.",
    });
    await limiter.take(undefined, 'batch');
    await limiter.take(undefined, 'batch');
    await expect(limiter.take(undefined, 'batch')).rejects.toMatchObject({
      message: "Today's Mouser allowance of 5 requests is used up. Searches resume after midnight UTC.",
    });
    expect(refused.every((error) => error instanceof DistributorBudgetSpent)).toBe(true);
  });

  it("leave a share of every minute to people's searches while a batch takes all it may", async () => {
    const clock = fixedClock();
    const limits = { perMinute: 10, perDay: 1000, batchPerMinute: 7 };
    // A batch on two instances asks for far more than the minute holds.
    const batch = [1, 2].map(() => createRateLimiter('digikey', limits, { maxWaitMs: 0, clock }));
    const batchCalls = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) => batch[index % 2]!.take(undefined, 'batch')),
    );
    expect(batchCalls.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(7);
    // A person's searches still get the rest of the same minute, and no more.
    const person = createRateLimiter('digikey', limits, { maxWaitMs: 0, clock });
    const searches = await Promise.allSettled(Array.from({ length: 5 }, () => person.take(undefined, 'search')));
    expect(searches.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    expect(await readRateWindow({ subject: 'digikey:minute', start: minuteStart(clock()) })).toBe(10);
  });

  it('keep the latest reset when several instances record a stop at once', async () => {
    const at = Date.UTC(2031, 8, 9, 9, 0, 0);
    const limiters = [1, 2, 3].map(() =>
      createRateLimiter('mouser', { perMinute: 30, perDay: 1000 }, { maxWaitMs: 0, clock: () => at }),
    );
    const resets = [3, 7, 5, 9, 2, 8].map((hours) => new Date(at + hours * 3_600_000));
    await Promise.all(resets.map((reset, index) => limiters[index % 3]!.stopUntil(reset, `reset in ${index}`)));
    const day = await readRateWindowState(windowOf('mouser', 86_400, Math.floor(at / 1000)));
    expect(day.pausedUntil).toBe((at + 9 * 3_600_000) / 1000);
    expect(day.pauseReason).toBe('reset in 3');
    expect(day.count).toBe(0);
  });
});
