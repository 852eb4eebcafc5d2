import { config } from '#lib/config';
import type { User } from '#repositories/users';

type FactorFacts = Pick<User, 'hasPassword' | 'role' | 'totpEnabled' | 'passkeyCount'>;

/**
 * Only accounts that sign in with a password get a second factor here: an account made by single
 * sign-on has no password, and its provider asks for the factors the company chose.
 */
export const mayUseSecondFactor = (user: Pick<User, 'hasPassword'>): boolean => user.hasPassword === true;

export const hasSecondFactor = (user: Pick<User, 'totpEnabled' | 'passkeyCount'>): boolean =>
  user.totpEnabled === true || (user.passkeyCount ?? 0) > 0;

/** The deployment makes a second factor mandatory for this account (SECOND_FACTOR_REQUIRED_FOR). */
export const secondFactorRequired = (user: FactorFacts): boolean =>
  config().SECOND_FACTOR_REQUIRED_FOR === 'admins' && user.role === 'admin' && mayUseSecondFactor(user);

/** An administrator who must set up a second factor before administration opens to them. */
export const mustSetUpSecondFactor = (user: FactorFacts): boolean =>
  secondFactorRequired(user) && !hasSecondFactor(user);
