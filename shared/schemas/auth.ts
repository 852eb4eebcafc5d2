import * as z from 'zod';
import { messages } from '../messages';

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

/** The spec's password rule (§5): length, then one message per missing character class. */
export const passwordSchema = z
  .string({ error: messages.passwordMinLength })
  .min(PASSWORD_MIN_LENGTH, messages.passwordMinLength)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .regex(/[A-Z]/, messages.passwordUppercase)
  .regex(/[a-z]/, messages.passwordLowercase)
  .regex(/[0-9]/, messages.passwordNumber)
  .regex(/[^A-Za-z0-9]/, messages.passwordSpecial);

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
  currentPassword: z
    .string({ error: messages.currentPasswordRequired })
    .min(1, messages.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
});

export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmNewPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    message: messages.passwordsDontMatch,
    path: ['confirmNewPassword'],
  });

const optionalName = z.string().trim().max(100).optional();

export const profileSchema = z.object({
  username: z
    .string({ error: messages.usernameMinLength })
    .trim()
    .min(USERNAME_MIN_LENGTH, messages.usernameMinLength)
    .max(64),
  firstName: optionalName,
  lastName: optionalName,
  email: emailField(messages.emailInvalidProfile),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** A user as every API answer shows it: never a hash or a token. */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
});
export type PublicUser = z.infer<typeof publicUserSchema>;
