import * as z from 'zod';
import type { DistributorSource } from './distributor-fill';
import { messages } from '../messages';
import { componentIdSchema } from './component';
import type { DuplicateCandidate } from './duplicates';
import { safeText } from './text';

/** `link`: adding or removing a link between two parts; `class`: a change of the class list (add, rename, merge). */
export const requestTypes = ['new', 'edit', 'attachment', 'delete', 'link', 'class'] as const;
export type RequestType = (typeof requestTypes)[number];
/** A submitter may withdraw their own pending request; it then leaves the queue as `withdrawn`. */
export const requestStatuses = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type RequestStatus = (typeof requestStatuses)[number];

export const REVIEW_NOTES_MAX_LENGTH = 2000;
/** Most requests one bulk review takes (each is its own transaction, within the function's time). */
export const BULK_REVIEW_MAX = 50;

export const listRequestsQuerySchema = z.object({
  status: z
    .enum(requestStatuses, { error: 'status must be pending, approved, rejected or withdrawn' })
    .default('pending'),
  /** Only the requests a "Refresh lifecycle and data" batch filed, so they are reviewed together. */
  batch: z
    .string()
    .regex(/^[0-9A-HJKMNP-TV-Z]{26}$/i, 'Batch not found')
    .optional(),
  /** `me`: only the requests assigned to a group the caller is in (their class names reviewer groups). */
  assigned: z.enum(['me'], { error: 'assigned must be me' }).optional(),
});

export const requestIdPathSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[0-9A-HJKMNP-TV-Z]{26}$/i, 'Approval request not found'),
});

const reviewNotesSchema = safeText('Review notes')
  .trim()
  .max(REVIEW_NOTES_MAX_LENGTH, `Review notes must be at most ${REVIEW_NOTES_MAX_LENGTH} characters`)
  .nullish()
  .transform((notes) => notes || null);

/** The body `{ status, reviewedBy, reviewNotes }`; reviewedBy is the session's admin, whatever is sent. */
export const reviewRequestSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'status must be approved or rejected' }),
  reviewNotes: reviewNotesSchema,
  /**
   * An administrator reviewing their own request under four eyes says why; the reason is kept
   * on the request.
   */
  overrideReason: safeText('Override reason')
    .trim()
    .max(REVIEW_NOTES_MAX_LENGTH, `Override reason must be at most ${REVIEW_NOTES_MAX_LENGTH} characters`)
    .nullish()
    .transform((reason) => reason || null),
});
export type ReviewInput = z.output<typeof reviewRequestSchema>;

/**
 * Whether the viewer may decide a pending request under four eyes: `own` (their own request;
 * another reviewer must decide it), `override` (their own, and as an administrator they may
 * still decide it with a written reason), absent when nothing stands in the way.
 */
export type SelfReview = 'own' | 'override';

/** Several pending requests approved or rejected together, with one review note for all. */
export const bulkReviewSchema = z.object({
  ids: z
    .array(requestIdPathSchema.shape.id, { error: 'ids must be a list of request ids' })
    .min(1, 'Select at least one request')
    .max(BULK_REVIEW_MAX, `At most ${BULK_REVIEW_MAX} requests can be reviewed at once`),
  status: z.enum(['approved', 'rejected'], { error: 'status must be approved or rejected' }),
  reviewNotes: reviewNotesSchema,
});
export type BulkReviewInput = z.output<typeof bulkReviewSchema>;

/** What a bulk review did: each request applied once, or why it was not. */
export interface BulkReviewSummary {
  status: 'approved' | 'rejected';
  applied: { id: string; componentReference: string | null }[];
  failed: { id: string; componentReference: string | null; message: string }[];
}

/** The version whose values a revert restores: `/api/components/{id}/versions/{versionNumber}/revert`. */
export const revertPathSchema = componentIdSchema.extend({
  versionNumber: z
    .string()
    .regex(/^[1-9]\d{0,6}$/, messages.versionNumberInvalid)
    .transform(Number),
});

/** An approval request as the API answers it, plus the component it concerns. */
export interface ApprovalRequest {
  id: string;
  requestType: RequestType;
  status: RequestStatus;
  username: string;
  /** The submitter's user id (a user sees only their own requests; it tells an admin which are theirs). */
  userId: string;
  createdAt: string;
  requestData: Record<string, unknown>;
  componentId: number | null;
  /** For an edit: the changed fields' values when the edit was proposed. */
  previousData: Record<string, unknown> | null;
  reviewedBy: string | null;
  reviewNotes: string | null;
  reviewedAt: string | null;
  /** The part's reference: the new part's, or the existing part's when the request was made. */
  componentReference: string | null;
  /** The part the request concerns no longer exists. */
  componentDeleted: boolean;
  /** A pending edit: the changed fields' values now. */
  currentData: Record<string, unknown> | null;
  /** A pending edit: fields whose value changed since the edit was proposed (approving it would fail). */
  staleFields: string[];
  /** A pending edit or deletion: the part changed (in any field) since the request was made. */
  componentChanged: boolean;
  /** An edit that restores the values of this version of the part. */
  revertOf: number | null;
  /** A pending request the viewer filed themselves, under four eyes (see {@link SelfReview}). */
  selfReview?: SelfReview;
  /** Why an administrator decided their own request (four eyes overridden); null otherwise. */
  overrideReason: string | null;
  /** An edit filled from a distributor's answer: which distributor and product, and when it was read. */
  distributorSource?: DistributorSource;
  /** A pending new part, as administrators see it: the parts and pending requests it may duplicate. */
  possibleDuplicates?: DuplicateCandidate[];
  /** The reviewer groups the part's class named when the request was filed: their reviewers act first. */
  assignedGroups?: string[];
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
  /** The approval request a notice is about, when it is about one. */
  requestId?: string;
  /** Set once that request was decided (or withdrawn): the notice no longer asks for anything. */
  decision?: Exclude<RequestStatus, 'pending'>;
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
  /**
   * An approved attachment removed from the part (its version entry changes no field): what it
   * was and where its bytes were, which the bucket's versioning keeps for 30 days.
   */
  removedAttachment?: { id: string; fileName: string; fileType: string; size: number; objectKey: string };
  /** A version of a part merged into this one: that part's id and reference (its own numbering). */
  mergedFrom?: { id: number; reference: string };
  /** Values taken from a distributor's answer: which distributor and product, and when it was read. */
  distributorSource?: DistributorSource;
}

export interface RecentComponentView {
  id: number;
  componentReference: string;
  viewedAt: string;
  /** The part has been deleted since it was viewed. */
  deleted?: boolean;
}

export const recentComponentsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 50' })
    .int('limit must be a whole number from 1 to 50')
    .min(1)
    .max(50)
    .default(5),
});
