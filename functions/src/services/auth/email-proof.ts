import type { User } from '#repositories/users';

/**
 * Whether the account's address is proven to be its owner's: an accepted invitation, a completed
 * reset, a followed confirmation link, the provider's verified address of an account single
 * sign-on made, or the operator's word for the seeded administrator (`emailVerifiedAt`). An
 * account from before that was recorded counts when it accepted an invitation (the link went to
 * that address); any other account from before counts only after a reset or a confirmation link.
 */
export const isEmailVerified = (user: Pick<User, 'emailVerifiedAt' | 'invitedAt' | 'acceptedInviteAt'>): boolean =>
  user.emailVerifiedAt !== undefined || (user.invitedAt !== undefined && user.acceptedInviteAt !== undefined);
