import { messages } from '#shared/messages';
import { TooManyRequests } from '#lib/errors';
import { addAttempt, clearAttempts, getAttempts } from '#repositories/throttles';
import { epochSeconds } from '#repositories/table';

export const MAX_ATTEMPTS = 5;
export const WINDOW_SECONDS = 15 * 60;

/** Refuses when any subject (an account, a client address) has used up its attempts in the window. */
export const assertNotThrottled = async (subjects: string[], now = new Date()): Promise<void> => {
  const windows = await Promise.all(subjects.map((subject) => getAttempts(subject, now)));
  const blockedUntil = Math.max(0, ...windows.filter((w) => w && w.count >= MAX_ATTEMPTS).map((w) => w!.expiresAt));
  if (blockedUntil > 0) {
    const retryAfter = Math.max(1, blockedUntil - epochSeconds(now));
    throw new TooManyRequests(messages.tooManyAttempts(Math.ceil(retryAfter / 60)), retryAfter);
  }
};

export const recordAttempt = async (subjects: string[], now = new Date()): Promise<void> => {
  await Promise.all(subjects.map((subject) => addAttempt(subject, WINDOW_SECONDS, now)));
};

export const clearThrottle = async (subject: string): Promise<void> => clearAttempts(subject);
