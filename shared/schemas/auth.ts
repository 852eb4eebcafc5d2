import * as z from 'zod';
import { messages } from '../messages';
import { canonicalEmail } from './email';
import { PASSWORD_CHARACTER_CLASSES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-rule';
import { roles } from '../roles';
import { safeText } from './text';

/** The roles live apart from the schemas so the SPA's shell checks them without zod. */
export { hasRole, isReviewer, roles, type Role } from '../roles';
export const roleSchema = z.enum(roles, { error: messages.roleRequired });

export const USERNAME_MIN_LENGTH = 3;

/** An email address in its canonical form (ASCII only, lower-cased), refused with `message`. */
export const emailField = (message: string) =>
  z
    .string({ error: message })
    .max(254, message)
    .transform((value, ctx) => {
      const canonical = canonicalEmail(value);
      if (canonical === undefined) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return canonical;
    })
    .pipe(z.email(message));

/**
 * The password rule, the same on every path that sets a password: length, then one message per
 * missing character class. `lengthMessage` lets the admin add-user form keep its own wording.
 */
export const passwordRule = (lengthMessage: string = messages.passwordMinLength) =>
  PASSWORD_CHARACTER_CLASSES.reduce(
    (rule, { pattern, message }) => rule.regex(pattern, message),
    z
      .string({ error: lengthMessage })
      .min(PASSWORD_MIN_LENGTH, lengthMessage)
      .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  );

export const passwordSchema = passwordRule();

/** The current password, asked before an account's password, email or existence changes. */
export const currentPasswordField = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).min(1, requiredMessage).max(PASSWORD_MAX_LENGTH);

/**
 * The characters a username may have: letters and digits of any script, and dots, hyphens,
 * underscores and single spaces between them. A username is shown to others and written into
 * emails, so it must not be able to carry markup, a web address with its slashes and colons, or
 * anything that passes for punctuation of the text around it.
 */
const USERNAME_PATTERN = /^[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}._-]| (?! ))*(?<=[\p{L}\p{M}\p{N}])$/u;
export const USERNAME_MAX_LENGTH = 64;

/** A username as people choose it: unique whatever its case (the server checks that). */
export const usernameField = () =>
  safeText('Username', { error: messages.usernameMinLength })
    .trim()
    .min(USERNAME_MIN_LENGTH, messages.usernameMinLength)
    .max(USERNAME_MAX_LENGTH)
    .regex(USERNAME_PATTERN, messages.usernameCharacters);

/**
 * The username an account gets when nobody chose one: the part of its email before '@', with
 * every character a username may not have made a dot (and padded to the shortest length).
 */
export const usernameFromEmail = (email: string): string => {
  const safe = email
    .split('@')[0]!
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}._-]+/gu, '.')
    .slice(0, USERNAME_MAX_LENGTH - 5)
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{M}\p{N}]+$/gu, '');
  if (safe.length >= USERNAME_MIN_LENGTH) return safe;
  return safe ? `${safe}.user` : 'user';
};

export const loginSchema = z.object({
  email: emailField(messages.emailInvalid),
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).max(PASSWORD_MAX_LENGTH),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailField(messages.emailInvalid) });

export const resetPasswordSchema = z.object({
  token: z.string({ error: messages.resetTokenRequired }).trim().min(1, messages.resetTokenRequired).max(200),
  password: passwordSchema,
});

/** `POST /api/user/email/confirm`: the token of the link sent to a new address. */
export const confirmEmailSchema = z.object({
  token: z
    .string({ error: messages.emailConfirmationRequired })
    .trim()
    .min(1, messages.emailConfirmationRequired)
    .max(200),
});

/** The reset form as the browser sees it: the confirmation must match. */
export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: messages.passwordsDontMatch, path: ['confirmPassword'] });

/**
 * `POST /api/change-password`. An account with a password must give it (the server says so when
 * it is missing); an account made by single sign-on has none, and proves itself by a fresh sign-in
 * at the provider instead.
 */
export const changePasswordSchema = z.object({
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  newPassword: passwordSchema,
});

/** The first password of an account made by single sign-on: no current password to give. */
export const firstPasswordFormSchema = changePasswordSchema
  .omit({ currentPassword: true })
  .extend({ confirmNewPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    message: messages.passwordsDontMatch,
    path: ['confirmNewPassword'],
  });

export const changePasswordFormSchema = changePasswordSchema
  .extend({ currentPassword: currentPasswordField(messages.currentPasswordRequired), confirmNewPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    message: messages.passwordsDontMatch,
    path: ['confirmNewPassword'],
  });

const optionalName = (label: string) => safeText(label).trim().max(100).optional();

/**
 * `PATCH /api/user`. `currentPassword` is needed only when the email changes (the server says
 * so when it is missing); a stolen session alone cannot move the account to another address.
 */
export const profileSchema = z.object({
  username: usernameField(),
  firstName: optionalName('First name'),
  lastName: optionalName('Last name'),
  email: emailField(messages.emailInvalidProfile),
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** The profile form: as the API, and the current password asked as soon as the email differs from `currentEmail`. */
export const profileFormSchema = (currentEmail: string) =>
  profileSchema.superRefine((profile, ctx) => {
    if (profile.email !== currentEmail && !profile.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: messages.currentPasswordToChangeEmail });
    }
  });

/** `DELETE /api/user`: deleting one's own account needs the current password. */
export const deleteAccountSchema = z.object({
  currentPassword: currentPasswordField(messages.currentPasswordToDeleteAccount),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** Who a user is, as every view of a user (their own, an administrator's) shows it: never a hash or a token. */
export const userIdentitySchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
});
export type UserIdentity = z.infer<typeof userIdentitySchema>;

/** A user as every API answer about the caller shows them. */
export const publicUserSchema = userIdentitySchema.extend({
  /** A new address asked for and not yet confirmed through the link sent to it; the account keeps `email` until then. */
  pendingEmail: z.string().optional(),
  /** True for an account made by single sign-on, which has no password. */
  noPassword: z.boolean().optional(),
  /** Only on `GET /api/user`, and only when true: an administrator who must set up a second factor first. */
  secondFactorSetupRequired: z.literal(true).optional(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
