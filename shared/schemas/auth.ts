import * as z from 'zod';
import { messages } from '../messages';
import { safeText } from './text';

export const roles = ['user', 'admin'] as const;
export const roleSchema = z.enum(roles, { error: messages.roleRequired });
export type Role = z.infer<typeof roleSchema>;

export const PASSWORD_MIN_LENGTH = 8;
export const USERNAME_MIN_LENGTH = 3;
/** Longest password accepted: scrypt cost grows with input, and no one types more. */
export const PASSWORD_MAX_LENGTH = 256;

/** An email address, trimmed and lower-cased, refused with `message`. */
export const emailField = (message: string) =>
  z.string({ error: message }).trim().toLowerCase().max(254, message).pipe(z.email(message));

/**
 * The password rule, the same on every path that sets a password: length, then one message per
 * missing character class. `lengthMessage` lets the admin add-user form keep its own wording.
 */
export const passwordRule = (lengthMessage: string = messages.passwordMinLength) =>
  z
    .string({ error: lengthMessage })
    .min(PASSWORD_MIN_LENGTH, lengthMessage)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
    .regex(/[A-Z]/, messages.passwordUppercase)
    .regex(/[a-z]/, messages.passwordLowercase)
    .regex(/[0-9]/, messages.passwordNumber)
    .regex(/[^A-Za-z0-9]/, messages.passwordSpecial);

export const passwordSchema = passwordRule();

/** The current password, asked before an account's password, email or existence changes. */
export const currentPasswordField = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).min(1, requiredMessage).max(PASSWORD_MAX_LENGTH);

/** A username as people choose it: unique whatever its case (the server checks that). */
export const usernameField = () =>
  safeText('Username', { error: messages.usernameMinLength })
    .trim()
    .min(USERNAME_MIN_LENGTH, messages.usernameMinLength)
    .max(64);

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

/** The reset form as the browser sees it: the confirmation must match. */
export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: messages.passwordsDontMatch, path: ['confirmPassword'] });

export const changePasswordSchema = z.object({
  currentPassword: currentPasswordField(messages.currentPasswordRequired),
  newPassword: passwordSchema,
});

export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmNewPassword: z.string() })
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

/** A user as every API answer shows it: never a hash or a token. */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
  /** Only on `GET /api/user`, and only when true: an administrator who must set up a second factor first. */
  secondFactorSetupRequired: z.literal(true).optional(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
