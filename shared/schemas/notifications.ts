import * as z from 'zod';
import { messages } from '../messages';

/**
 * What a user can switch on or off in Settings → Notifications. Every kind is on until its user
 * turns it off; the digest and the in-app "waiting for review" kinds reach administrators only.
 */
export const notificationSettingKinds = [
  'emailRequestDigest',
  'emailRequestDecision',
  'emailWatched',
  'appNewRequest',
  'appRequestDecision',
  'appWatched',
] as const;
export type NotificationSettingKind = (typeof notificationSettingKinds)[number];

export type NotificationSettings = Record<NotificationSettingKind, boolean>;

export const defaultNotificationSettings: NotificationSettings = {
  emailRequestDigest: true,
  emailRequestDecision: true,
  emailWatched: true,
  appNewRequest: true,
  appRequestDecision: true,
  appWatched: true,
};

export const notificationSettingLabels: Record<
  NotificationSettingKind,
  { channel: 'email' | 'app'; label: string; help: string; adminOnly: boolean }
> = {
  emailRequestDigest: {
    channel: 'email',
    label: 'Requests waiting for review',
    help: 'A digest of new approval requests, at most one email per interval.',
    adminOnly: true,
  },
  emailRequestDecision: {
    channel: 'email',
    label: 'My requests approved or rejected',
    help: "An email with the reviewer's notes when an administrator decides on a request of yours.",
    adminOnly: false,
  },
  emailWatched: {
    channel: 'email',
    label: 'Parts and classes I watch',
    help: 'An email when a change to a part or class you watch is requested or approved.',
    adminOnly: false,
  },
  appNewRequest: {
    channel: 'app',
    label: 'Requests waiting for review',
    help: 'A notification in the bell for each new approval request.',
    adminOnly: true,
  },
  appRequestDecision: {
    channel: 'app',
    label: 'My requests approved or rejected',
    help: 'A notification in the bell when a request of yours is approved, rejected or closed.',
    adminOnly: false,
  },
  appWatched: {
    channel: 'app',
    label: 'Parts and classes I watch',
    help: 'A notification in the bell when a change to a part or class you watch is requested or approved.',
    adminOnly: false,
  },
};

/** `PATCH /api/notification-settings`: only the kinds sent change. */
export const notificationSettingsPatchSchema = z
  .strictObject(
    Object.fromEntries(
      notificationSettingKinds.map((kind) => [kind, z.boolean({ error: `${kind} must be true or false` }).optional()]),
    ) as Record<NotificationSettingKind, z.ZodOptional<z.ZodBoolean>>,
    {
      error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown setting: ${issue.keys.join(', ')}` : undefined),
    },
  )
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), messages.notificationSettingsEmpty);
export type NotificationSettingsPatch = z.output<typeof notificationSettingsPatchSchema>;
