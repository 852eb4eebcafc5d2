import * as z from 'zod';
import { safeText } from './text';

export const requestTypes = ['new', 'edit', 'attachment', 'delete'] as const;
export type RequestType = (typeof requestTypes)[number];
export const requestStatuses = ['pending', 'approved', 'rejected'] as const;
export type RequestStatus = (typeof requestStatuses)[number];

export const REVIEW_NOTES_MAX_LENGTH = 2000;

export const listRequestsQuerySchema = z.object({
  status: z.enum(requestStatuses, { error: 'status must be pending, approved or rejected' }).default('pending'),
});

export const requestIdPathSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[0-9A-HJKMNP-TV-Z]{26}$/i, 'Approval request not found'),
});

/** The spec's body `{ status, reviewedBy, reviewNotes }`; reviewedBy is the session's admin, whatever is sent. */
export const reviewRequestSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'status must be approved or rejected' }),
  reviewNotes: safeText('Review notes')
    .trim()
    .max(REVIEW_NOTES_MAX_LENGTH, `Review notes must be at most ${REVIEW_NOTES_MAX_LENGTH} characters`)
    .nullish()
    .transform((notes) => notes || null),
});

/** An approval request as the API answers (spec §3), plus the component it concerns. */
export interface ApprovalRequest {
  id: string;
  requestType: RequestType;
  status: RequestStatus;
  username: string;
  createdAt: string;
  requestData: Record<string, unknown>;
  componentId: number | null;
  /** For an edit: the changed fields' values when the edit was proposed. */
  previousData: Record<string, unknown> | null;
  reviewedBy: string | null;
  reviewNotes: string | null;
  reviewedAt: string | null;
}

export const notificationIdPathSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[0-9A-HJKMNP-TV-Z]{26}$/i, 'Notification not found'),
});

export interface Notification {
  id: string;
  type: 'success' | 'error' | 'warning' | 'info';
  title: string;
  message: string;
  read: boolean;
  linkTo: string | null;
  createdAt: string;
}

export interface Version {
  id: string;
  versionNumber: number;
  changeDescription: string;
  changedFields: string[];
  previousData: Record<string, unknown>;
  changeData: Record<string, unknown>;
  username: string;
  createdAt: string;
}

export interface RecentComponentView {
  id: number;
  componentReference: string;
  viewedAt: string;
}

export const recentComponentsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 50' })
    .int('limit must be a whole number from 1 to 50')
    .min(1)
    .max(50)
    .default(5),
});
