import * as z from 'zod';
import { messages } from '../messages';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MIN_LENGTH,
  emailField,
  passwordSchema,
  roleSchema,
} from './auth';

const email = emailField(messages.emailInvalid);

export const userIdPathSchema = z.object({
  id: z.string().trim().min(1, messages.userNotFound).max(64, messages.userNotFound),
});

/** Admin add-user (spec §5): only the length rule, with its own wording. */
export const createUserSchema = z.object({
  email,
  password: z
    .string({ error: messages.passwordMinLengthAdmin })
    .min(PASSWORD_MIN_LENGTH, messages.passwordMinLengthAdmin)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  name: z.string().trim().max(100).optional(),
  role: roleSchema,
});

export const changeRoleSchema = z.object({ role: roleSchema });

export const setUserPasswordSchema = z.object({ newPassword: passwordSchema });

export const inviteSchema = z.object({ email, role: roleSchema });

export const acceptInviteSchema = z.object({
  token: z.string({ error: messages.invitationInvalid }).trim().min(1, messages.invitationInvalid).max(200),
  username: z
    .string({ error: messages.usernameMinLength })
    .trim()
    .min(USERNAME_MIN_LENGTH, messages.usernameMinLength)
    .max(64),
  password: passwordSchema,
});

/** A user as administrators see it in the users table. */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
  invitedAt: z.string().nullable(),
  acceptedInviteAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
