import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { PasskeyAuthenticationResponse, PasskeyRegistrationResponse } from '#shared/schemas/second-factor';
import { config } from '#lib/config';
import { logger } from '#lib/logger';
import type { Passkey } from '#repositories/second-factors';
import type { User } from '#repositories/users';

/** How long a passkey ceremony may take: its challenge is void after this. */
export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;

/** The relying party is the app's own origin (APP_URL): passkeys made for it work nowhere else. */
const relyingParty = () => {
  const url = new URL(config().APP_URL);
  return { id: url.hostname, origin: url.origin, name: 'Component Hub' };
};

export const passkeyRegistrationOptions = (
  user: User,
  existing: readonly Passkey[],
): Promise<PublicKeyCredentialCreationOptionsJSON> => {
  const rp = relyingParty();
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    userDisplayName: user.name || user.email,
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
};

/** What every browser answer must be signed for: this challenge, this origin and this relying party. */
const expectedFor = (challenge: string) => {
  const rp = relyingParty();
  return {
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    // The passkey is a second factor after the password: the authenticator's presence is enough.
    requireUserVerification: false,
  };
};

/** What the check finds, or undefined (and a log line) when the library refuses the answer. */
const unlessRefused = async <T>(
  check: 'registration' | 'sign-in',
  verify: () => Promise<T>,
): Promise<T | undefined> => {
  try {
    return await verify();
  } catch (error) {
    logger.info(`passkey ${check} refused`, { reason: (error as Error).message });
    return undefined;
  }
};

/**
 * The new credential when the browser's answer is signed as expected (see expectedFor);
 * undefined for anything else, malformed answers included.
 */
export const verifyPasskeyRegistration = async (
  response: PasskeyRegistrationResponse,
  challenge: string,
): Promise<Pick<Passkey, 'credentialId' | 'publicKey' | 'counter' | 'transports'> | undefined> =>
  unlessRefused('registration', async () => {
    const verification = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      ...expectedFor(challenge),
    });
    if (!verification.verified) return undefined;
    const { credential } = verification.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      ...(credential.transports && { transports: credential.transports }),
    };
  });

export const passkeySignInOptions = (passkeys: readonly Passkey[]): Promise<PublicKeyCredentialRequestOptionsJSON> =>
  generateAuthenticationOptions({
    rpID: relyingParty().id,
    allowCredentials: passkeys.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    userVerification: 'preferred',
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
  });

/** The passkey's new signature counter when the assertion is good for this challenge; undefined otherwise. */
export const verifyPasskeySignIn = async (
  response: PasskeyAuthenticationResponse,
  challenge: string,
  passkey: Passkey,
): Promise<number | undefined> =>
  unlessRefused('sign-in', async () => {
    const verification = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      ...expectedFor(challenge),
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports,
      },
    });
    return verification.verified ? verification.authenticationInfo.newCounter : undefined;
  });
