import { messages } from '#shared/messages';
import type { WriteLimitKind } from '#shared/routes';
import { config } from '#lib/config';
import { TooManyRequests } from '#lib/errors';
import { epochSeconds } from '#repositories/table';
import { AllowanceUsedUp, takeAllowance, type AllowanceTicket } from './allowances';

/*
 * Per-user write limits: every mutating route a signed-in user calls counts against an allowance
 * of its kind, per minute and per day, shared by every function instance through the table (the
 * sliding windows of services/allowances.ts). Only accepted writes count: a refused one is given back. One person cannot flood the catalogue with
 * comments, the queue with requests, the admins' bells with notifications, or the bucket with files.
 */

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
 * Counts one write of `kind` by the user (the minute, then the day, each a sliding window), or
 * refuses it with 429, Retry-After and a message that says what the allowance is and when to try
 * again. The ticket gives the write back when it was not accepted after all.
 */
export const takeWriteSlot = async (
  userId: string,
  kind: WriteLimitKind,
  now = new Date(),
): Promise<AllowanceTicket> => {
  try {
    return await takeAllowance(`writes:${userId}:${kind}`, config().writeLimits[kind], epochSeconds(now));
  } catch (error) {
    if (!(error instanceof AllowanceUsedUp)) throw error;
    const { limit, period, retryAfterSeconds } = error;
    throw new TooManyRequests(
      messages.tooManyWrites(actions[kind], limit, period, inWords(retryAfterSeconds)),
      retryAfterSeconds,
    );
  }
};
