import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { messages } from '#shared/messages';
import type {
  PasskeyAuthenticationResponse,
  PasskeyOptions,
  SecondFactorSignInInput,
} from '#shared/schemas/second-factor';
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
import { sendFactorNotice } from './notices';
import { passkeySignInOptions, verifyPasskeySignIn } from './passkeys';
import { recoveryCodeHash } from './recovery-codes';
import { matchingStep } from './totp';

/** A factor actually given: a code, or a passkey's assertion. */
type FactorGiven =
  | Exclude<SecondFactorSignInInput, { method: 'passkey' }>
  | { method: 'passkey'; response: PasskeyAuthenticationResponse };
interface SigningIn {
  pending: PendingSignIn;
  user: User;
}

const expired = () => new Unauthorized(messages.secondFactorSignInExpired);

/** The pending sign-in behind the cookie and its user, while the user is as the password found them. */
const pendingSignIn = async (token: string | undefined): Promise<SigningIn> => {
  if (!token) throw expired();
  const pending = await getPendingSignIn(sha256(token));
  const user = pending && (await getUser(pending.userId));
  // A password change, role change or second-factor reset since the password was given ends it.
  if (!pending || !user || user.sessionVersion !== pending.sessionVersion) throw expired();
  return { pending, user };
};

/** A passkey challenge for the pending sign-in, answered by one of the account's passkeys. */
const passkeySignInChallenge = async ({
  pending,
  user,
}: SigningIn): Promise<PasskeyOptions<PublicKeyCredentialRequestOptionsJSON>> => {
  const { passkeys } = await getFactors(user.id);
  if (passkeys.length === 0) throw new Invalid(messages.passkeyNotVerified);
  const options = await passkeySignInOptions(passkeys);
  if (!(await setPendingSignInChallenge(pending.tokenHash, options.challenge))) throw expired();
  return { passkeyOptions: options };
};

/**
 * Whether the factor given is right, spending it: a code's time step (so it never counts twice),
 * a recovery code (once), or the passkey challenge (one assertion).
 */
const checkFactor = async ({ pending, user }: SigningIn, input: FactorGiven): Promise<boolean> => {
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

/** Where the sign-in comes from: the client address for the throttle, both for the session list. */
type SignInOrigin = { clientIp: string; userAgent?: string | undefined };

const wrongFactor = (method: FactorGiven['method']): Invalid => {
  const message =
    method === 'totp'
      ? messages.secondFactorCodeWrong
      : method === 'recovery'
        ? messages.recoveryCodeWrong
        : messages.passkeyNotVerified;
  return new Invalid(message, method === 'passkey' ? undefined : { code: message });
};

/**
 * The factor is checked under the same throttle as passwords (a wrong code is a failed attempt at
 * the account from this client), and only a right one ends the pending sign-in and starts the
 * session.
 */
const finishSignIn = async (
  signingIn: SigningIn,
  input: FactorGiven,
  origin: SignInOrigin,
): Promise<{ user: User; token: string }> => {
  const attempt = await takeLoginAttempt(signingIn.user.email, origin.clientIp);
  if (!(await checkFactor(signingIn, input))) {
    await attempt.failed();
    throw wrongFactor(input.method);
  }
  if (!(await takePendingSignIn(signingIn.pending.tokenHash))) throw expired();
  await attempt.succeeded();
  if (input.method === 'recovery') {
    await sendFactorNotice(
      signingIn.user,
      'recovery code used to sign in',
      'One of your recovery codes was used to sign in to your account; it no longer works',
    );
  }
  const active = await activateOnSignIn(signingIn.user);
  const session = await startSession(active, origin);
  return { user: active, token: session.token };
};

export type SecondFactorStep =
  | (PasskeyOptions<PublicKeyCredentialRequestOptionsJSON> & { signedIn?: undefined })
  | { signedIn: { user: User; token: string } };

/**
 * The second step of a password sign-in: a passkey first asks for its challenge; a code, a
 * recovery code or a passkey's assertion then finishes it.
 */
export const secondFactorStep = async (
  token: string | undefined,
  input: SecondFactorSignInInput,
  origin: SignInOrigin,
): Promise<SecondFactorStep> => {
  const signingIn = await pendingSignIn(token);
  if (input.method !== 'passkey') return { signedIn: await finishSignIn(signingIn, input, origin) };
  if (!input.response) return passkeySignInChallenge(signingIn);
  return { signedIn: await finishSignIn(signingIn, { method: 'passkey', response: input.response }, origin) };
};
