import { messages } from '#shared/messages';
import type { WriteLimitKind } from '#shared/routes';
import { config } from '#lib/config';
import { TooManyRequests } from '#lib/errors';
import { returnRateSlot, takeRateSlot, type RateWindow } from '#repositories/rate-limits';
import { epochSeconds } from '#repositories/table';

/*
 * Per-user write limits: every mutating route a signed-in user calls counts against an allowance
 * of its kind, per minute and per day, shared by every function instance through the table (the
 * same fixed windows the distributor budgets use). One person cannot flood the catalogue with
 * comments, the queue with requests, the admins' bells with notifications, or the bucket with files.
 */

const MINUTE = 60;
const DAY = 24 * 60 * 60;

/** What a user does, in words, with `{n}` for the allowance: "post at most {n} comments". */
const actions: Record<WriteLimitKind, string> = {
  comments: 'post at most {n} comments',
  requests: 'submit at most {n} requests',
  uploads: 'upload at most {n} files',
  views: 'open at most {n} parts',
  notifications: 'change your notifications at most {n} times',
  account: 'change your account at most {n} times',
  'distributor-searches': 'run at most {n} distributor searches',
  admin: 'make at most {n} administrative changes',
  drafts: 'save or delete at most {n} drafts',
  other: 'make at most {n} changes',
};

const windowOf = (subject: string, span: number, nowSeconds: number): RateWindow => {
  const start = nowSeconds - (nowSeconds % span);
  return { subject: `${subject}:${span === DAY ? 'day' : 'minute'}`, start, expiresAt: start + 2 * span };
};

/** "42 seconds", "1 minute", "5 hours": how long until a window reopens, in words. */
export const inWords = (seconds: number): string => {
  const [amount, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 3600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
};

/**
 * Counts one write of `kind` by the user, or refuses it with 429, Retry-After and a message that
 * says what the allowance is and when to try again. The minute is counted first, then the day;
 * a write the day refuses gives its minute slot back.
 */
export const takeWriteSlot = async (userId: string, kind: WriteLimitKind, now = new Date()): Promise<void> => {
  const { perMinute, perDay } = config().writeLimits[kind];
  const nowSeconds = epochSeconds(now);
  const subject = `writes:${userId}:${kind}`;
  const minute = windowOf(subject, MINUTE, nowSeconds);
  const refuse = (window: RateWindow, limit: number, period: 'minute' | 'day', span: number) => {
    const retryAfter = Math.max(1, window.start + span - nowSeconds);
    return new TooManyRequests(messages.tooManyWrites(actions[kind], limit, period, inWords(retryAfter)), retryAfter);
  };
  if (!(await takeRateSlot(minute, perMinute))) throw refuse(minute, perMinute, 'minute', MINUTE);
  const day = windowOf(subject, DAY, nowSeconds);
  if (!(await takeRateSlot(day, perDay))) {
    await returnRateSlot(minute);
    throw refuse(day, perDay, 'day', DAY);
  }
};
