import { messages } from '#shared/messages';
import { canonicalEmail } from '#shared/schemas/email';
import { clientKeyOf } from '#lib/edge';
import { TooManyRequests } from '#lib/errors';
import {
  addAttempt,
  claimInterval,
  clearAttempts,
  getAttempts,
  releaseInterval,
  removeAttempt,
  type Attempts,
} from '#repositories/throttles';
import { epochSeconds } from '#repositories/table';

/*
 * Guessing passwords is bounded without handing strangers a way to lock the owner out (OWASP's
 * Authentication and Credential Stuffing cheat sheets): failures are counted per account and
 * client and per client, never per account alone. A client that keeps failing at one account is
 * refused there; a client that fails across many accounts is refused everywhere; an account that
 * many clients are failing at is slowed down by allowing each client fewer guesses at it. The
 * right password from a client that has not been failing is always checked, so the owner gets in
 * while someone else is guessing.
 */

export const THROTTLE_WINDOW_SECONDS = 15 * 60;

export const LOGIN_LIMITS = {
  /** Wrong passwords one client may try at one account in the window. */
  perAccountAndClient: 5,
  /** Wrong passwords one client may try across every account in the window. */
  perClient: 20,
  /** Failures at an account (from anywhere) after which it counts as under attack. */
  accountUnderAttackAfter: 10,
  /** Wrong passwords one client may try at an account under attack. */
  perAccountAndClientUnderAttack: 2,
} as const;

export const FORGOT_PASSWORD_LIMITS = {
  /** Requests one client may make in the window, whatever the addresses. */
  perClient: 10,
  /**
   * At most one reset email per account in this time. A request inside it sends nothing new, and
   * voids nothing: the link emailed moments earlier (to the owner's own inbox) keeps working for
   * at least the rest of its hour, so nobody's requests leave the owner without a link.
   */
  emailIntervalSeconds: 15 * 60,
} as const;

const tooMany = (windows: Attempts[], now: Date): TooManyRequests => {
  const until = Math.max(...windows.map((w) => w.expiresAt));
  const retryAfter = Math.max(1, until - epochSeconds(now));
  return new TooManyRequests(messages.tooManyAttempts(Math.ceil(retryAfter / 60)), retryAfter);
};

const subjects = (email: string, clientAddress: string) => {
  const client = clientKeyOf(clientAddress);
  const account = canonicalEmail(email) ?? email;
  return {
    account: `login:account:${account}`,
    pair: `login:account-client:${account}|${client}`,
    client: `login:client:${client}`,
  };
};

export interface LoginAttempt {
  /** The password was wrong: the account's failure count goes up (the client's attempts stay counted). */
  failed(): Promise<void>;
  /** The password was right: this client's failures at the account are forgiven, its attempt given back. */
  succeeded(): Promise<void>;
}

/**
 * Takes one login attempt for `email` from `clientAddress`, or refuses it (429 with Retry-After).
 * The attempt is counted before it is checked, so parallel requests cannot slip past a limit;
 * a refused attempt is given back, so the counts say how many passwords were actually tried.
 */
export const takeLoginAttempt = async (
  email: string,
  clientAddress: string,
  now = new Date(),
): Promise<LoginAttempt> => {
  const keys = subjects(email, clientAddress);
  const account = await getAttempts(keys.account, now);
  const underAttack = (account?.count ?? 0) >= LOGIN_LIMITS.accountUnderAttackAfter;
  const pairLimit = underAttack ? LOGIN_LIMITS.perAccountAndClientUnderAttack : LOGIN_LIMITS.perAccountAndClient;
  const [pair, client] = await Promise.all([
    addAttempt(keys.pair, THROTTLE_WINDOW_SECONDS, now),
    addAttempt(keys.client, THROTTLE_WINDOW_SECONDS, now),
  ]);
  const blocking = [
    ...(pair.count > pairLimit ? [pair] : []),
    ...(client.count > LOGIN_LIMITS.perClient ? [client] : []),
  ];
  if (blocking.length > 0) {
    await Promise.all([removeAttempt(keys.pair, now), removeAttempt(keys.client, now)]);
    throw tooMany(blocking, now);
  }
  return {
    failed: async () => {
      await addAttempt(keys.account, THROTTLE_WINDOW_SECONDS, now);
    },
    succeeded: async () => {
      await Promise.all([clearAttempts(keys.pair), removeAttempt(keys.client, now)]);
    },
  };
};

/** Failures one client may have in the window for a single-purpose subject (single sign-on callbacks). */
export const MAX_ATTEMPTS = 5;

/**
 * Counts an attempt against every subject (each a client, never an account alone) first, then
 * refuses when any of them is past MAX_ATTEMPTS in the window: counting before checking is what
 * makes the limit hold for parallel requests.
 */
export const takeAttempt = async (subjects: string[], now = new Date()): Promise<void> => {
  const windows = await Promise.all(subjects.map((subject) => addAttempt(subject, THROTTLE_WINDOW_SECONDS, now)));
  const blocking = windows.filter((window) => window.count > MAX_ATTEMPTS);
  if (blocking.length > 0) throw tooMany(blocking, now);
};

/** An attempt that succeeded does not count against the subject. */
export const giveBackAttempt = (subject: string): Promise<void> => removeAttempt(subject);

export const clearThrottle = (subject: string): Promise<void> => clearAttempts(subject);

/** A new password ends the attack on the old one: the account's failure count starts again. */
export const forgetAccountFailures = (email: string): Promise<void> => clearAttempts(subjects(email, '').account);

/** Counts a forgot-password request against the client (429 past its allowance). */
export const takeForgotPasswordAttempt = async (clientAddress: string, now = new Date()): Promise<void> => {
  const subject = `forgot:client:${clientKeyOf(clientAddress)}`;
  const window = await addAttempt(subject, THROTTLE_WINDOW_SECONDS, now);
  if (window.count > FORGOT_PASSWORD_LIMITS.perClient) {
    await removeAttempt(subject, now);
    throw tooMany([window], now);
  }
};

const resetEmailSubject = (userId: string) => `forgot:email:${userId}`;

/** True when a reset email may go to the account now (at most one per interval, parallel requests included). */
export const claimResetEmail = (userId: string, now = new Date()): Promise<boolean> =>
  claimInterval(resetEmailSubject(userId), FORGOT_PASSWORD_LIMITS.emailIntervalSeconds, now);

/** The email could not be sent: the next request may try again at once. */
export const releaseResetEmail = (userId: string): Promise<void> => releaseInterval(resetEmailSubject(userId));

/**
 * Single sign-on starts: each writes an attempt (state, nonce, PKCE verifier) that lives ten
 * minutes, so one client may start only so many a minute. The allowance is generous because a
 * whole office shares one address behind CloudFront, and a refused start costs a person one
 * click again a minute later, never an account.
 */
export const SIGN_IN_START_LIMITS = { perClient: 30, windowSeconds: 60 } as const;

const signInStartSubject = (clientAddress: string) => `sso-start:client:${clientKeyOf(clientAddress)}`;

/** Counts a single sign-on start against the client (429 past its allowance, nothing written). */
export const takeSignInStartAttempt = async (clientAddress: string, now = new Date()): Promise<void> => {
  const subject = signInStartSubject(clientAddress);
  const window = await addAttempt(subject, SIGN_IN_START_LIMITS.windowSeconds, now);
  if (window.count > SIGN_IN_START_LIMITS.perClient) {
    await removeAttempt(subject, now);
    throw tooMany([window], now);
  }
};

/** Forgets a client's single sign-on starts (tests start each case afresh). */
export const clearSignInStartAttempts = (clientAddress: string): Promise<void> =>
  clearAttempts(signInStartSubject(clientAddress));
