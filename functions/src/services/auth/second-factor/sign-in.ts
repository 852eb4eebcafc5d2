import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { messages } from '#shared/messages';
import type { SecondFactorSignInInput } from '#shared/schemas/second-factor';
import { Invalid, Unauthorized } from '#lib/errors';
import {
  getFactors,
  getPasskey,
  getTotp,
  recordPasskeyUse,
  useRecoveryCode,
  useTotpStep,
} from '#repositories/second-factors';
import {
  getPendingSignIn,
  setPendingSignInChallenge,
  takePendingSignIn,
  takePendingSignInChallenge,
  type PendingSignIn,
} from '#repositories/sessions';
import { getUser, type User } from '#repositories/users';
import { activateOnSignIn } from '../identity';
import { startSession } from '../sessions';
import { takeLoginAttempt } from '../throttle';
import { sha256 } from '../tokens';
import { passkeySignInOptions, verifyPasskeySignIn } from './passkeys';
import { recoveryCodeHash } from './recovery-codes';
import { matchingStep } from './totp';

const expired = () => new Unauthorized(messages.secondFactorSignInExpired);

/** The pending sign-in behind the cookie and its user, while the user is as the password found them. */
const pendingSignIn = async (token: string | undefined): Promise<{ pending: PendingSignIn; user: User }> => {
  if (!token) throw expired();
  const pending = await getPendingSignIn(sha256(token));
  const user = pending && (await getUser(pending.userId));
  // A password change, role change or second-factor reset since the password was given ends it.
  if (!pending || !user || user.sessionVersion !== pending.sessionVersion) throw expired();
  return { pending, user };
};

/** A passkey challenge for the pending sign-in, answered by one of the account's passkeys. */
export const passkeySignInChallenge = async (
  token: string | undefined,
): Promise<PublicKeyCredentialRequestOptionsJSON> => {
  const { pending, user } = await pendingSignIn(token);
  const { passkeys } = await getFactors(user.id);
  if (passkeys.length === 0) throw new Invalid(messages.passkeyNotVerified);
  const options = await passkeySignInOptions(passkeys);
  if (!(await setPendingSignInChallenge(pending.tokenHash, options.challenge))) throw expired();
  return options;
};

/**
 * Whether the factor given is right, spending it: a code's time step (so it never counts twice),
 * a recovery code (once), or the passkey challenge (one assertion).
 */
const checkFactor = async (user: User, pending: PendingSignIn, input: SecondFactorSignInInput): Promise<boolean> => {
  switch (input.method) {
    case 'totp': {
      const totp = await getTotp(user.id);
      if (!totp) return false;
      const step = matchingStep(totp.secret, input.code);
      return step !== undefined && step > totp.lastUsedStep && useTotpStep(user.id, step);
    }
    case 'recovery':
      return useRecoveryCode(user.id, recoveryCodeHash(input.code));
    case 'passkey': {
      const challenge = await takePendingSignInChallenge(pending.tokenHash);
      if (!challenge) return false;
      const passkey = await getPasskey(user.id, input.response.id);
      if (!passkey) return false;
      const counter = await verifyPasskeySignIn(input.response, challenge, passkey);
      return (
        counter !== undefined &&
        recordPasskeyUse(
          user.id,
          passkey.credentialId,
          { from: passkey.counter, to: counter },
          new Date().toISOString(),
        )
      );
    }
  }
};

const wrongFactor = (method: SecondFactorSignInInput['method']): Invalid => {
  const message =
    method === 'totp'
      ? messages.secondFactorCodeWrong
      : method === 'recovery'
        ? messages.recoveryCodeWrong
        : messages.passkeyNotVerified;
  return new Invalid(message, method === 'passkey' ? undefined : { code: message });
};

/**
 * The second step of a password sign-in: the factor is checked under the same throttle as
 * passwords (a wrong code is a failed attempt at the account from this client), and only a right
 * one ends the pending sign-in and starts the session.
 */
export const finishSecondFactor = async (
  token: string | undefined,
  input: SecondFactorSignInInput,
  clientIp: string,
): Promise<{ user: User; token: string }> => {
  const { pending, user } = await pendingSignIn(token);
  const attempt = await takeLoginAttempt(user.email, clientIp);
  if (!(await checkFactor(user, pending, input))) {
    await attempt.failed();
    throw wrongFactor(input.method);
  }
  if (!(await takePendingSignIn(pending.tokenHash))) throw expired();
  await attempt.succeeded();
  const active = await activateOnSignIn(user);
  const session = await startSession(active);
  return { user: active, token: session.token };
};
