import type { SecondFactorChallenge, SecondFactorMethod } from '#shared/schemas/second-factor';
import { PENDING_SIGN_IN_SECONDS } from '#lib/cookies';
import { putPendingSignIn } from '#repositories/sessions';
import { epochSeconds } from '#repositories/table';
import type { User } from '#repositories/users';
import { randomToken, sha256 } from '../tokens';

/** The ways this account can give its second factor. */
export const secondFactorMethods = (user: Pick<User, 'totpEnabled' | 'passkeyCount'>): SecondFactorMethod[] => [
  ...(user.totpEnabled ? (['totp', 'recovery'] as const) : []),
  ...((user.passkeyCount ?? 0) > 0 ? (['passkey'] as const) : []),
];

/**
 * The password was right and the account has a second factor: no session yet, but a pending
 * sign-in bound to the user and to the session version the password was checked under, for a
 * few minutes. Its token goes into an HttpOnly cookie; only its hash is stored.
 */
export const beginSecondFactor = async (
  user: User,
  now = new Date(),
): Promise<{ pendingToken: string; challenge: SecondFactorChallenge }> => {
  const pendingToken = randomToken();
  await putPendingSignIn({
    tokenHash: sha256(pendingToken),
    userId: user.id,
    sessionVersion: user.sessionVersion,
    createdAt: now.toISOString(),
    expiresAt: epochSeconds(now) + PENDING_SIGN_IN_SECONDS,
  });
  return { pendingToken, challenge: { secondFactorRequired: true, methods: secondFactorMethods(user) } };
};
