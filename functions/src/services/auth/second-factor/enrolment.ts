import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { messages } from '#shared/messages';
import {
  MAX_PASSKEYS,
  TOTP_FACTOR,
  type PasskeyOptions,
  type PasskeyRegistrationResponse,
  type PasskeySummary,
  type RecoveryCodes,
  type SecondFactorStatus,
  type TotpEnrolment,
} from '#shared/schemas/second-factor';
import { Conflict, Forbidden, Invalid, NotFound } from '#lib/errors';
import {
  addPasskey,
  disableTotp,
  enableTotp,
  getFactors,
  getPendingTotp,
  putPendingTotp,
  putRegistrationChallenge,
  removePasskey,
  replaceRecoveryCodes,
  resetFactors,
  takeRegistrationChallenge,
  type Passkey,
} from '#repositories/second-factors';
import { epochSeconds } from '#repositories/table';
import { getUser, type User } from '#repositories/users';
import { checkPassword } from '../identity';
import { passkeyRegistrationOptions, PASSKEY_CHALLENGE_SECONDS, verifyPasskeyRegistration } from './passkeys';
import { sendFactorNotice } from './notices';
import { newRecoveryCodes } from './recovery-codes';
import { hasSecondFactor, mayUseSecondFactor, secondFactorRequired } from './rules';
import { matchingStep, newTotpSecret, totpUri } from './totp';

/** How long a new authenticator-app secret waits for its first code. */
const TOTP_ENROLMENT_SECONDS = 15 * 60;
/** How many times a write whose user changed meanwhile is decided again. */
const STALE_RETRIES = 5;

const requirePasswordAccount = (user: User): void => {
  if (!mayUseSecondFactor(user)) throw new Forbidden(messages.secondFactorSsoAccount);
};

const toSummary = (passkey: Passkey): PasskeySummary => ({
  id: passkey.credentialId,
  name: passkey.name,
  createdAt: passkey.createdAt,
  ...(passkey.lastUsedAt && { lastUsedAt: passkey.lastUsedAt }),
});

export const secondFactorStatus = async (user: User): Promise<SecondFactorStatus> => {
  if (!mayUseSecondFactor(user)) {
    return { available: false, required: false, totp: { enabled: false, recoveryCodesLeft: 0 }, passkeys: [] };
  }
  const factors = await getFactors(user.id);
  return {
    available: true,
    required: secondFactorRequired(user),
    totp: { enabled: factors.totp !== undefined, recoveryCodesLeft: factors.recoveryCodesLeft },
    passkeys: factors.passkeys.map(toSummary),
  };
};

/** A new secret for an authenticator app, kept until the user confirms it with a first code. */
const startTotpEnrolment = async (user: User, now: Date): Promise<TotpEnrolment> => {
  requirePasswordAccount(user);
  const secret = newTotpSecret();
  if (!(await putPendingTotp(user.id, secret, now, epochSeconds(now) + TOTP_ENROLMENT_SECONDS))) {
    throw new Conflict(messages.totpAlreadyOn);
  }
  return { secret, uri: totpUri(secret, user.email) };
};

/** The first right code turns the app on and hands out the recovery codes, shown this once. */
const confirmTotpEnrolment = async (user: User, code: string, now: Date): Promise<RecoveryCodes> => {
  requirePasswordAccount(user);
  const secret = await getPendingTotp(user.id, now);
  if (!secret) throw new Invalid(messages.totpEnrolmentExpired, { code: messages.totpEnrolmentExpired });
  const step = matchingStep(secret, code, now);
  if (step === undefined) throw new Invalid(messages.secondFactorCodeWrong, { code: messages.secondFactorCodeWrong });
  const { codes, hashes } = newRecoveryCodes();
  if (!(await enableTotp(user.id, { secret, step, recoveryCodeHashes: hashes }, now.toISOString()))) {
    throw new Conflict(messages.totpEnrolmentExpired);
  }
  await sendFactorNotice(user, 'authenticator app turned on', 'An authenticator app was set up for your account', now);
  return { recoveryCodes: codes };
};

/** Without a code, a new secret to put into the app; with the app's first code, the app is on. */
export const setUpTotp = async (
  user: User,
  code: string | undefined,
  now = new Date(),
): Promise<TotpEnrolment | RecoveryCodes> =>
  code === undefined ? startTotpEnrolment(user, now) : confirmTotpEnrolment(user, code, now);

/**
 * Without a response, the options for the browser's passkey creation (their challenge kept);
 * with the authenticator's response and a name, the passkey checked and saved.
 */
export const setUpPasskey = async (
  user: User,
  input: { name?: string; response?: PasskeyRegistrationResponse },
  now = new Date(),
): Promise<PasskeyOptions<PublicKeyCredentialCreationOptionsJSON> | PasskeySummary> =>
  input.response && input.name !== undefined
    ? addUserPasskey(user, input.name, input.response, now)
    : { passkeyOptions: await startPasskeyRegistration(user, now) };

/** New recovery codes; every earlier one stops working. */
export const regenerateRecoveryCodes = async (
  user: User,
  currentPassword: string,
  now = new Date(),
): Promise<RecoveryCodes> => {
  requirePasswordAccount(user);
  await checkPassword(user, currentPassword, messages.currentPasswordForRecoveryCodes);
  const { codes, hashes } = newRecoveryCodes();
  if (!(await replaceRecoveryCodes(user.id, hashes, now.toISOString()))) throw new Conflict(messages.totpNotOn);
  await sendFactorNotice(
    user,
    'new recovery codes made',
    'New recovery codes were made; the earlier ones no longer work',
    now,
  );
  return { recoveryCodes: codes };
};

/** What the browser needs to make a passkey; its challenge is kept, for one answer, a few minutes. */
const startPasskeyRegistration = async (user: User, now: Date): Promise<PublicKeyCredentialCreationOptionsJSON> => {
  requirePasswordAccount(user);
  const { passkeys } = await getFactors(user.id);
  if (passkeys.length >= MAX_PASSKEYS) throw new Conflict(messages.passkeyLimit(MAX_PASSKEYS));
  const options = await passkeyRegistrationOptions(user, passkeys);
  await putRegistrationChallenge(user.id, options.challenge, epochSeconds(now) + PASSKEY_CHALLENGE_SECONDS);
  return options;
};

const addUserPasskey = async (
  user: User,
  name: string,
  response: PasskeyRegistrationResponse,
  now: Date,
): Promise<PasskeySummary> => {
  requirePasswordAccount(user);
  const challenge = await takeRegistrationChallenge(user.id, now);
  if (!challenge) throw new Invalid(messages.passkeyRegistrationExpired);
  const credential = await verifyPasskeyRegistration(response, challenge);
  if (!credential) throw new Invalid(messages.passkeyNotVerified);
  const passkey: Passkey = { ...credential, name, createdAt: now.toISOString() };
  const outcome = await addPasskey(user.id, passkey, MAX_PASSKEYS);
  if (outcome === 'too-many') throw new Conflict(messages.passkeyLimit(MAX_PASSKEYS));
  // Only the same authenticator makes the same credential id: it is registered already.
  if (outcome === 'exists') throw new Conflict(messages.passkeyNotVerified);
  await sendFactorNotice(user, 'passkey added', `A passkey named "${name}" was added to your account`, now);
  return toSummary(passkey);
};

/** Removes the authenticator app (with its recovery codes) or one passkey, after the current password. */
export const removeSecondFactor = async (user: User, factor: string, currentPassword: string): Promise<void> => {
  requirePasswordAccount(user);
  await checkPassword(user, currentPassword, messages.currentPasswordToRemoveSecondFactor);
  if (factor === TOTP_FACTOR) {
    if (!(await disableTotp(user.id))) throw new Conflict(messages.totpNotOn);
    await sendFactorNotice(
      user,
      'authenticator app turned off',
      'The authenticator app of your account was turned off',
    );
  } else {
    if (!(await removePasskey(user.id, factor))) throw new NotFound(messages.passkeyNotFound);
    await sendFactorNotice(user, 'passkey removed', 'A passkey was removed from your account');
  }
};

/**
 * An administrator's help for someone who lost their factors: every factor goes, every session
 * of the user ends, and the user is told by email (so a reset they did not ask for is noticed).
 * An administrator's own factors are changed in Settings, where the password is asked.
 */
export const resetUserSecondFactor = async (admin: User, userId: string, now = new Date()): Promise<void> => {
  if (admin.id === userId) throw new Forbidden(messages.resetOwnSecondFactor);
  for (let attempt = 0; ; attempt++) {
    const user = await getUser(userId);
    if (!user) throw new NotFound(messages.userNotFound);
    if (!hasSecondFactor(user)) throw new Conflict(messages.secondFactorNotSet);
    if (await resetFactors(user, now.toISOString())) {
      await sendFactorNotice(
        user,
        'second factor reset by an administrator',
        'An administrator removed the second factor of your account (authenticator app, recovery codes and passkeys) and signed it out everywhere; sign in with your password and set a new one up',
        now,
      );
      return;
    }
    if (attempt >= STALE_RETRIES) throw new Conflict(messages.roleChangedMeanwhile);
  }
};
