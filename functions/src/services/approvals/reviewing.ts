import { isReviewer } from '#shared/schemas/auth';
import { ulid } from 'ulid';
import { messages } from '#shared/messages';
import type {
  ApprovalRequest,
  BulkReviewInput,
  BulkReviewSummary,
  RequestStatus,
  ReviewInput,
  SelfReview,
} from '#shared/schemas/approvals';
import { config } from '#lib/config';
import type { DuplicateCandidate } from '#shared/schemas/duplicates';
import { Conflict, DomainError, Forbidden, isServiceUnavailable, NotFound, Unprocessable } from '#lib/errors';
import { logger } from '#lib/logger';
import { recordMetric } from '#lib/metrics';
import { commitCatalogueChange } from '#repositories/catalogue';
import { getComponents, getMergeMarks } from '#repositories/components';
import {
  getRequest,
  listPendingRequestsFor,
  listRequests,
  requestReviewItems,
  type StoredRequest,
} from '#repositories/approval-requests';
import { getNotificationSettings } from '#repositories/notification-settings';
import { notificationPut } from '#repositories/notifications';
import { conditionalWrite, transact } from '#repositories/table';
import { getUser, stillHoldsRole, type User } from '#repositories/users';
import { emailDecision } from '../request-emails';
import { requestReference, requestSubject, requestTypeWords } from '../request-texts';
import { isSameKey, keyedToken } from '../idempotency';
import { discardRequestFiles } from '../request-files';
import { newNotification } from '../notifications';
import { approvedChangeEntry } from '../changes';
import { notifyWatchers } from '../watches';
import { changeLogItems } from '#repositories/changes';

import { applyItems, PartGone } from './applying';
import { refuseIfClassChangeStarted } from './class-changes';
import { toApprovalRequest } from './request-views';
import { duplicatesOfPending } from '../duplicates/candidates';

import { displayName } from '../user-names';
import { paths } from '#shared/app-paths';
/*
 * Reviewing requests: one at a time or in bulk, withdrawing one's own, closing the requests of a
 * deleted part, listing them for the queue; each decision in one transaction with its notice.
 */

/**
 * Four eyes (on unless the deployment turns it off): nobody decides their own request. A
 * librarian's own request waits for another reviewer (`own`); an administrator may still decide
 * theirs, but only with a written reason (`override`). Undefined: nothing stands in the way.
 */
export const selfReviewOf = (reviewer: User, request: Pick<StoredRequest, 'userId'>): SelfReview | undefined => {
  if (config().FOUR_EYES === 'off' || request.userId !== reviewer.id) return undefined;
  return reviewer.role === 'admin' ? 'override' : 'own';
};

/**
 * The override reason to record for this review, or the refusal: a reviewer's own request only
 * with an administrator's written reason. A reason sent with anyone else's request is not kept
 * (there is nothing to override).
 */
const fourEyesReason = (reviewer: User, request: StoredRequest, overrideReason: string | null): string | undefined => {
  const self = selfReviewOf(reviewer, request);
  if (!self) return undefined;
  if (self === 'own') throw new Forbidden(messages.ownRequestReview);
  if (!overrideReason) throw new Forbidden(messages.ownRequestOverrideOnly);
  return overrideReason;
};

/** The roles that may decide a request: any reviewer; only an administrator for an override. */
const rolesThatDecide = (overrideReason: string | undefined) =>
  overrideReason ? (['admin'] as const) : (['librarian', 'admin'] as const);

/** The part an approved request changed, for its entry in the change log: its id and class as they are. */
const changedPart = async (
  request: StoredRequest,
  newComponentId: number | undefined,
): Promise<{ componentId: number | null; componentClass: string | null }> => {
  if (request.requestType === 'new')
    return {
      componentId: newComponentId ?? null,
      componentClass: typeof request.data.class === 'string' ? request.data.class : null,
    };
  if (request.componentId === undefined) return { componentId: null, componentClass: null };
  const [part] = await getComponents([request.componentId]);
  return { componentId: request.componentId, componentClass: part?.class ?? null };
};

/** Who closes a request nobody reviewed (its part was deleted). */
export const AUTOMATIC_REVIEWER = 'Component Hub';

const decisionNotification = (
  request: StoredRequest,
  decision: 'approved' | 'rejected',
  reviewNotes: string | null,
  linkTo: string | null,
) =>
  newNotification({
    type: decision === 'approved' ? 'success' : 'error',
    title: decision === 'approved' ? 'Request approved' : 'Request rejected',
    message: messages.requestDecisionNotice(
      requestTypeWords[request.requestType],
      requestSubject(request),
      decision,
      reviewNotes,
    ),
    linkTo,
  });

/**
 * Closes a pending request whose part no longer exists (deleted, or merged into the part named
 * `mergedInto`), with the reason, so it leaves the queue and the pending count; the submitter is
 * told (as their settings allow) and a pending upload's file goes. False when the request was
 * closed some other way meanwhile.
 */
const closeForDeletedPart = async (request: StoredRequest, mergedInto?: string): Promise<boolean> => {
  const reference = requestReference(request);
  const reviewNotes = mergedInto
    ? messages.requestClosedComponentMerged(reference, mergedInto)
    : messages.requestClosedComponentDeleted(reference);
  const review = {
    status: 'rejected' as const,
    reviewedBy: AUTOMATIC_REVIEWER,
    reviewedByUserId: 'system',
    reviewNotes,
    reviewedAt: new Date().toISOString(),
  };
  const settings = await getNotificationSettings(request.userId);
  const items = requestReviewItems(request, review);
  if (settings.appRequestDecision)
    items.push(
      notificationPut(
        request.userId,
        newNotification({
          type: 'warning',
          title: 'Request closed',
          message: mergedInto
            ? messages.requestClosedMergedNotice(
                requestTypeWords[request.requestType],
                requestSubject(request),
                reference,
                mergedInto,
              )
            : messages.requestClosedNotice(requestTypeWords[request.requestType], requestSubject(request), reference),
        }),
      ),
    );
  if (!(await conditionalWrite(() => transact(items)))) return false;
  await discardRequestFiles({ ...request, ...review });
  await emailDecision({
    request: { ...request, ...review },
    decision: 'closed',
    reviewNotes,
    linkTo: null,
    deletedReference: reference,
    ...(mergedInto && { mergedIntoReference: mergedInto }),
  });
  return true;
};

/** After a deletion: every other pending request about the part closes (best effort; the queue closes stragglers). */
const closeRequestsOfDeletedPart = async (componentId: number, exceptId: string): Promise<void> => {
  const waiting = (await listPendingRequestsFor(componentId)).filter((request) => request.id !== exceptId);
  for (const request of waiting)
    await closeForDeletedPart(request).catch((error: unknown) =>
      logger.warn('request of a deleted part not closed', { requestId: request.id, error: error as Error }),
    );
};

/**
 * After a merge: the merged part's pending requests that did not follow it into the survivor
 * (edits and a deletion of a part that is no more) close, saying where it went. Each is read
 * again first: an upload's request that moved with its attachment is the survivor's now.
 */
export const closeRequestsOfMergedPart = async (componentId: number, intoReference: string): Promise<void> => {
  for (const listed of await listPendingRequestsFor(componentId)) {
    const request = await getRequest(listed.id);
    if (request?.status !== 'pending' || request.componentId !== componentId) continue;
    await closeForDeletedPart(request, intoReference);
  }
};

/** The reference of the part each merged one of `ids` went into (the survivor's, else its id). */
const survivorsOf = async (ids: readonly number[]): Promise<Map<number, string>> => {
  const marks = await getMergeMarks(ids);
  const survivors = new Map(
    (await getComponents([...marks.values()].map((mark) => mark.intoId))).map((part) => [part.id, part.reference]),
  );
  return new Map([...marks.values()].map((mark) => [mark.id, survivors.get(mark.intoId) ?? `#${mark.intoId}`]));
};

/**
 * Reviewers (librarians and administrators) see every request of a status; users see only their own (the dashboard shows them their
 * state). Each is answered with its part as it is now; a pending request whose part was deleted
 * meanwhile is closed here, with the reason, instead of being listed. Administrators see each
 * pending new part with the parts and other pending requests it may duplicate (when the search
 * index cannot be read, the queue is still answered, without them).
 */
export const listApprovalRequests = async (viewer: User, status: RequestStatus): Promise<ApprovalRequest[]> => {
  const reviews = isReviewer(viewer.role);
  const requests = await listRequests(status, reviews ? {} : { userId: viewer.id });
  const ids = [
    ...new Set(requests.flatMap((request) => (request.componentId === undefined ? [] : [request.componentId]))),
  ];
  const parts = new Map((ids.length ? await getComponents(ids) : []).map((component) => [component.id, component]));
  const answers: ApprovalRequest[] = [];
  const gone: StoredRequest[] = [];
  const duplicates =
    reviews && status === 'pending'
      ? await duplicatesOfPending(requests).catch((error: unknown) => {
          logger.warn('duplicate candidates of new parts not found', { error: error as Error });
          return new Map<string, DuplicateCandidate[]>();
        })
      : new Map<string, DuplicateCandidate[]>();
  for (const request of requests) {
    const checked = request.componentId !== undefined;
    const component = checked ? parts.get(request.componentId!) : undefined;
    if (status === 'pending' && checked && !component) gone.push(request);
    else {
      const self = status === 'pending' && reviews ? selfReviewOf(viewer, request) : undefined;
      answers.push({
        ...toApprovalRequest(request, { checked, component }, duplicates.get(request.id)),
        ...(self && { selfReview: self }),
      });
    }
  }
  const mergedInto = gone.length ? await survivorsOf(gone.map((request) => request.componentId!)) : new Map();
  for (const request of gone)
    await closeForDeletedPart(request, mergedInto.get(request.componentId!)).catch((error: unknown) =>
      logger.warn('request of a deleted part not closed', { requestId: request.id, error: error as Error }),
    );
  return answers;
};

type Decision = Pick<ReviewInput, 'status' | 'reviewNotes'> & { overrideReason?: string | null };

/**
 * Approves or rejects a pending request in one transaction: the request closes only while it is
 * still pending (so concurrent reviews apply it once), an approval writes its change with the
 * component's version as the condition and bumps the catalogue revision, and the submitter is
 * notified in the same write (as their settings allow), then by email. An approved deletion
 * closes the part's other pending requests. The review carries a token (the Idempotency-Key
 * header, else one of the call's own): a review whose answer was lost and that is sent again with
 * the same key is answered as the first was; without it the retry learns the request was
 * reviewed. Either way what a rejection leaves to do afterwards (deleting its files) is done.
 * Four eyes is checked first, and the reviewer's role is a condition of the transaction: a
 * reviewer demoted while reviewing decides nothing.
 */
const reviewStored = async (
  reviewer: User,
  request: StoredRequest,
  decision: Decision,
  reviewToken: string = ulid(),
): Promise<ApprovalRequest> => {
  if (request.status !== 'pending') return finishReviewed(request, reviewToken);
  const overrideReason = fourEyesReason(reviewer, request, decision.overrideReason ?? null);
  const approved = decision.status === 'approved';
  if (!approved) await refuseIfClassChangeStarted(request);
  const settings = await getNotificationSettings(request.userId);
  for (let attempt = 1; ; attempt++) {
    const now = new Date().toISOString();
    let applied: Awaited<ReturnType<typeof applyItems>> = { items: [], componentIds: [], linkTo: null };
    if (approved) {
      try {
        applied = await applyItems(request, reviewer, now);
      } catch (error) {
        if (error instanceof PartGone)
          await closeForDeletedPart(request).catch((failure: unknown) =>
            logger.warn('request of a deleted part not closed', { requestId: request.id, error: failure as Error }),
          );
        throw error;
      }
    }
    const review = {
      status: decision.status,
      reviewedBy: displayName(reviewer),
      reviewedByUserId: reviewer.id,
      reviewNotes: decision.reviewNotes,
      reviewedAt: now,
      reviewToken,
      ...(applied.newComponentId !== undefined && { componentId: applied.newComponentId }),
      ...(overrideReason && { overrideReason }),
    };
    const linkTo =
      applied.linkTo ??
      (request.componentId && request.requestType !== 'delete' ? paths.hub.component.href(request.componentId) : null);
    // An approval is listed in the change log by the same transaction that makes it.
    const entry = approved
      ? approvedChangeEntry(request, reviewer, now, await changedPart(request, applied.newComponentId), overrideReason)
      : undefined;
    const logged = entry ? changeLogItems(entry) : [];
    const all = [
      ...applied.items,
      ...logged,
      ...requestReviewItems(request, review),
      stillHoldsRole(reviewer.id, rolesThatDecide(overrideReason)),
      ...(settings.appRequestDecision
        ? [
            notificationPut(
              request.userId,
              decisionNotification(request, decision.status, decision.reviewNotes, linkTo),
            ),
          ]
        : []),
    ];
    const committed = await conditionalWrite(() =>
      applied.componentIds.length ? commitCatalogueChange(applied.componentIds, all) : transact(all),
    );
    if (!committed) {
      const reviewerNow = await getUser(reviewer.id);
      if (!reviewerNow || !(rolesThatDecide(overrideReason) as readonly string[]).includes(reviewerNow.role))
        throw new Forbidden(messages.forbidden);
      const latest = await getRequest(request.id);
      // Reviewed meanwhile: by this very call (the SDK retried an attempt that had landed), or another.
      if (latest && latest.status !== 'pending') return finishReviewed(latest, reviewToken);
      // Still pending: the part moved to another version meanwhile (or the request followed its
      // part into another it was merged into). Read it again and re-apply.
      if (latest && attempt < 3) {
        request = latest;
        continue;
      }
      throw new Conflict(messages.requestRetry);
    }
    recordMetric(approved ? 'RequestsApproved' : 'RequestsRejected', 1, {
      requestType: request.requestType,
      approvalRequestId: request.id,
    });
    const reviewed = { ...request, ...review };
    if (!approved) await discardRequestFiles(reviewed);
    if (approved && request.requestType === 'delete')
      await closeRequestsOfDeletedPart(request.componentId!, request.id);
    await emailDecision({ request: reviewed, decision: decision.status, reviewNotes: decision.reviewNotes, linkTo });
    if (entry)
      await notifyWatchers(
        entry,
        {
          title: 'Watched change approved',
          message: `${entry.approvedBy.name} approved ${entry.proposedBy.name}'s change to ${entry.componentReference ?? 'the class list'}: ${entry.summary}.`,
          linkTo,
        },
        [reviewer.id, request.userId],
      );
    return toApprovalRequest(reviewed);
  }
};

export const reviewRequest = async (
  reviewer: User,
  id: string,
  decision: Decision,
  clientToken?: string,
): Promise<ApprovalRequest> => {
  const request = await getRequest(id);
  if (!request) throw new NotFound(messages.requestNotFound);
  const token =
    clientToken === undefined
      ? undefined
      : keyedToken(reviewer.id, clientToken, {
          status: decision.status,
          reviewNotes: decision.reviewNotes,
          overrideReason: decision.overrideReason ?? null,
        });
  return reviewStored(reviewer, request, decision, token);
};

/** A bulk review stops starting requests after this long, to answer within the function's time. */
export const BULK_REVIEW_DEADLINE_MS = 20_000;

/**
 * Reviews several requests with one note, oldest first, each in its own transaction exactly as
 * a single review (so each applied edit gets its own version, and a request reviewed elsewhere
 * meanwhile is reported, not applied twice). Answers what was applied and what was not, and why.
 * When a service stops answering, the rest are not attempted (trying again is safe).
 */
export const bulkReview = async (reviewer: User, input: BulkReviewInput): Promise<BulkReviewSummary> => {
  const ids = [...new Set(input.ids.map((id) => id.toUpperCase()))].sort();
  const deadline = Date.now() + BULK_REVIEW_DEADLINE_MS;
  const summary: BulkReviewSummary = { status: input.status, applied: [], failed: [] };
  let stopped: string | undefined;
  for (const id of ids) {
    if (!stopped && Date.now() > deadline) stopped = messages.bulkOutOfTime;
    if (stopped) {
      summary.failed.push({ id, componentReference: null, message: stopped });
      continue;
    }
    let reference: string | null = null;
    try {
      const request = await getRequest(id);
      if (!request) throw new NotFound(messages.requestNotFound);
      reference = requestReference(request);
      // Sent again after an answer was lost: this reviewer already made this decision.
      const alreadyDone = request.status === input.status && request.reviewedByUserId === reviewer.id;
      if (!alreadyDone) await reviewStored(reviewer, request, input);
      summary.applied.push({ id, componentReference: reference });
    } catch (error) {
      if (error instanceof DomainError)
        summary.failed.push({ id, componentReference: reference, message: error.message });
      else if (isServiceUnavailable(error)) {
        stopped = messages.bulkNotAttempted;
        summary.failed.push({ id, componentReference: reference, message: messages.bulkOutcomeUnknown });
      } else throw error;
    }
  }
  return summary;
};

/**
 * The submitter takes back their own pending request: it closes as `withdrawn` (once: a review
 * landing first wins), then what it held goes (a pending upload's file and row, a new part's
 * files); a leftover of a failed clean-up goes on a retry or in the reconciliation.
 */
export const withdrawRequest = async (user: User, id: string): Promise<ApprovalRequest> => {
  const request = await getRequest(id);
  // Another user's request is not theirs to see, so it is not found.
  if (!request || request.userId !== user.id) throw new NotFound(messages.requestNotFound);
  // Sent again after an answer was lost: it is done (and what it left behind is cleared).
  if (request.status === 'withdrawn') {
    await discardRequestFiles(request);
    return toApprovalRequest(request);
  }
  if (request.status !== 'pending') throw new Conflict(messages.requestNotPending);
  await refuseIfClassChangeStarted(request);
  const review = {
    status: 'withdrawn' as const,
    reviewedBy: displayName(user),
    reviewedByUserId: user.id,
    reviewNotes: messages.requestWithdrawnNote,
    reviewedAt: new Date().toISOString(),
  };
  if (!(await conditionalWrite(() => transact(requestReviewItems(request, review))))) {
    const latest = await getRequest(id);
    if (latest?.status === 'withdrawn') return toApprovalRequest(latest);
    throw new Conflict(latest?.status !== 'pending' ? messages.requestNotPending : messages.requestRetry);
  }
  recordMetric('RequestsWithdrawn', 1, { requestType: request.requestType, approvalRequestId: request.id });
  const closed = { ...request, ...review };
  await discardRequestFiles(closed);
  return toApprovalRequest(closed);
};

/**
 * A review of a request that is no longer pending: the answer to a retry of the review that
 * closed it (same token), else 409. Files a closed request left behind are deleted either way.
 */
const finishReviewed = async (request: StoredRequest, reviewToken: string): Promise<ApprovalRequest> => {
  if (request.status !== 'approved') await discardRequestFiles(request);
  if (request.reviewToken !== reviewToken) {
    if (isSameKey(request.reviewToken, reviewToken)) throw new Unprocessable(messages.idempotencyKeyReused);
    throw new Conflict(messages.requestAlreadyReviewed);
  }
  return toApprovalRequest(request);
};
