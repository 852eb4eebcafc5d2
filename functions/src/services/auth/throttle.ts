import { messages } from '#shared/messages';
import { TooManyRequests } from '#lib/errors';
import { addAttempt, clearAttempts, removeAttempt } from '#repositories/throttles';
import { epochSeconds } from '#repositories/table';

export const MAX_ATTEMPTS = 5;
export const WINDOW_SECONDS = 15 * 60;

/**
 * Counts an attempt against every subject (an account, a client address) first, then refuses
 * when any of them is past its allowance in the window. Counting before checking is what makes
 * the limit hold for parallel requests: a check made before anything is counted lets them all in.
 */
export const takeAttempt = async (subjects: string[], now = new Date()): Promise<void> => {
  const windows = await Promise.all(subjects.map((subject) => addAttempt(subject, WINDOW_SECONDS, now)));
  const blockedUntil = Math.max(0, ...windows.filter((w) => w.count > MAX_ATTEMPTS).map((w) => w.expiresAt));
  if (blockedUntil > 0) {
    const retryAfter = Math.max(1, blockedUntil - epochSeconds(now));
    throw new TooManyRequests(messages.tooManyAttempts(Math.ceil(retryAfter / 60)), retryAfter);
  }
};

/** An attempt that succeeded does not count against the subject. */
export const giveBackAttempt = async (subject: string): Promise<void> => removeAttempt(subject);

export const clearThrottle = async (subject: string): Promise<void> => clearAttempts(subject);
