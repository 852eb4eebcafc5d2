import * as z from 'zod';
import { messages } from '../messages';
import { emailField, passwordRule, passwordSchema, roleSchema, userIdentitySchema, usernameField } from './auth';
import { safeText } from './text';

const email = emailField(messages.emailInvalid);

export const userIdPathSchema = z.object({
  id: z.string().trim().min(1, messages.userNotFound).max(64, messages.userNotFound),
});

/**
 * Admin add-user: the same password rule as every other path (an administrator's choice of a
 * weak password is as guessable as anyone's), with the add-user form's own length wording.
 */
export const createUserSchema = z.object({
  email,
  password: passwordRule(messages.passwordMinLengthAdmin),
  name: safeText('Name').trim().max(100).optional(),
  role: roleSchema,
});

export const changeRoleSchema = z.object({ role: roleSchema });

/** The most hub groups a user may be given. */
export const USER_GROUPS_MAX = 20;
/** The longest group name. */
export const GROUP_NAME_MAX_LENGTH = 64;

/** A group name (a hub group, or a single sign-on provider's group that a class names). */
export const groupNameSchema = safeText('Group')
  .trim()
  .min(1, 'Group names cannot be empty')
  .max(GROUP_NAME_MAX_LENGTH, `Group names have at most ${GROUP_NAME_MAX_LENGTH} characters`);

/** A list of group names, each once (as first written). */
export const groupListSchema = z
  .array(groupNameSchema, { error: 'groups must be a list of names' })
  .max(USER_GROUPS_MAX, `At most ${USER_GROUPS_MAX} groups`)
  .transform((groups) => [...new Set(groups)]);

/** Group names typed in one field, separated by commas (an empty field: none). */
export const groupListTextSchema = z
  .string()
  .transform((text) => text.split(',').filter((name) => name.trim() !== ''))
  .pipe(groupListSchema);

/** `PATCH /api/users/{id}/groups`: the user's hub groups, replacing those they had. */
export const userGroupsSchema = z.object({ groups: groupListSchema });

export const setUserPasswordSchema = z.object({ newPassword: passwordSchema });

export const inviteSchema = z.object({ email, role: roleSchema });

export const acceptInviteSchema = z.object({
  token: z.string({ error: messages.invitationInvalid }).trim().min(1, messages.invitationInvalid).max(200),
  username: usernameField(),
  password: passwordSchema,
});

/** `POST /api/invites/check`: an invitation link's token, looked at without being used. */
export const checkInviteSchema = acceptInviteSchema.pick({ token: true });

/** The accept form as the browser sees it: the confirmation must match. */
export const acceptInviteFormSchema = acceptInviteSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: messages.passwordsDontMatch, path: ['confirmPassword'] });

/** A user as administrators see it in the users table. */
export const adminUserSchema = userIdentitySchema.extend({
  invitedAt: z.string().nullable(),
  acceptedInviteAt: z.string().nullable(),
  createdAt: z.string(),
  /** Present (true) when the user has a second factor an administrator can reset. */
  secondFactor: z.literal(true).optional(),
  /** The groups administrators gave the user in the hub. */
  hubGroups: z.array(z.string()).optional(),
  /** The groups the single sign-on provider named at the user's last sign-in through it. */
  ssoGroups: z.array(z.string()).optional(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
