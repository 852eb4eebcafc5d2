import * as z from 'zod';
import { messages } from '../messages';
import { currentPasswordField } from './auth';
import { safeText } from './text';

/** Digits of an authenticator app's code, and the seconds each code stands for (RFC 6238 defaults). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes handed out at a time, and their length in base32 characters (125 random bits). */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_LENGTH = 25;
/** Passkeys one account may hold. */
export const MAX_PASSKEYS = 10;

/** A code as people type it: spaces ignored. */
export const totpCodeField = z
  .string({ error: messages.secondFactorCodeRequired })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), messages.secondFactorCodeRequired));

/** A recovery code as people type or paste it: case, spaces and dashes ignored. */
export const recoveryCodeField = z
  .string({ error: messages.recoveryCodeRequired })
  .max(100, messages.recoveryCodeRequired)
  .transform((code) => code.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(z.string().regex(new RegExp(`^[A-Z2-7]{${RECOVERY_CODE_LENGTH}}$`), messages.recoveryCodeRequired));

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);

/** What the browser's WebAuthn call hands back (SimpleWebAuthn's JSON form); the server library checks the rest. */
const credentialBase = {
  id: base64url(1400).min(1),
  rawId: base64url(1400).min(1),
  type: z.literal('public-key'),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

export const passkeyRegistrationResponseSchema = z.object({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: base64url(10_000).min(1),
    attestationObject: base64url(50_000).min(1),
    transports: z.array(z.string().max(20)).max(10).optional(),
  }),
});
export type PasskeyRegistrationResponse = z.infer<typeof passkeyRegistrationResponseSchema>;

export const passkeyAuthenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: base64url(10_000).min(1),
    authenticatorData: base64url(10_000).min(1),
    signature: base64url(2_000).min(1),
    userHandle: base64url(200).optional(),
  }),
});
export type PasskeyAuthenticationResponse = z.infer<typeof passkeyAuthenticationResponseSchema>;

/** The sign-in screen's code forms. */
export const totpCodeFormSchema = z.object({ code: totpCodeField });
export const recoveryCodeFormSchema = z.object({ code: recoveryCodeField });

/** `POST /api/login/second-factor`: the second step of a password sign-in. */
export const secondFactorSignInSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: totpCodeField }),
  z.object({ method: z.literal('recovery'), code: recoveryCodeField }),
  // Without a response: the passkey challenge for this sign-in; with one: the assertion to check.
  z.object({ method: z.literal('passkey'), response: passkeyAuthenticationResponseSchema.optional() }),
]);
export type SecondFactorSignInInput = z.infer<typeof secondFactorSignInSchema>;
export type SecondFactorMethod = SecondFactorSignInInput['method'];

/** The login answer for an account with a second factor: no session yet, this step first. */
export interface SecondFactorChallenge {
  secondFactorRequired: true;
  methods: SecondFactorMethod[];
}

/** `POST /api/second-factor/totp`: without a code, a new secret; with the first code from the app, turned on. */
export const setUpTotpSchema = z.object({ code: totpCodeField.optional() });

export const regenerateRecoveryCodesSchema = z.object({
  currentPassword: currentPasswordField(messages.currentPasswordForRecoveryCodes),
});

/** `DELETE /api/second-factor/{factor}`: `totp` or a passkey's id, with the current password. */
export const TOTP_FACTOR = 'totp';
export const secondFactorPathSchema = z.object({ factor: base64url(1400).min(1) });
export const removeSecondFactorSchema = z.object({
  currentPassword: currentPasswordField(messages.currentPasswordToRemoveSecondFactor),
});

export const passkeyNameField = safeText('Passkey name', { error: messages.passkeyNameRequired })
  .trim()
  .min(1, messages.passkeyNameRequired)
  .max(60);

/** `POST /api/second-factor/passkeys`: without a response, the challenge; with the authenticator's answer and a name, saved. */
export const addPasskeySchema = z
  .object({ name: passkeyNameField.optional(), response: passkeyRegistrationResponseSchema.optional() })
  .superRefine((input, ctx) => {
    if (input.response && input.name === undefined) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: messages.passkeyNameRequired });
    }
  });

/** The options the browser's WebAuthn call takes (`startRegistration` / `startAuthentication`). */
export interface PasskeyOptions<Options> {
  passkeyOptions: Options;
}

/** `POST /api/second-factor/totp`: the secret to put into an authenticator app. */
export interface TotpEnrolment {
  secret: string;
  /** The otpauth:// address authenticator apps read (as a QR code, or pasted). */
  uri: string;
}

export interface RecoveryCodes {
  recoveryCodes: string[];
}

export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt?: string;
}

/** `GET /api/second-factor`: what the account has, and whether it may or must have one. */
export interface SecondFactorStatus {
  /** False for accounts without a password (single sign-on): their provider asks for its own factors. */
  available: boolean;
  /** The deployment makes a second factor mandatory for this account (administrators). */
  required: boolean;
  totp: { enabled: boolean; recoveryCodesLeft: number };
  passkeys: PasskeySummary[];
}
