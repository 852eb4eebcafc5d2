import { ulid } from 'ulid';
import { messages } from '#shared/messages';
import type { ApprovalRequest, BulkReviewInput, BulkReviewSummary, RequestStatus } from '#shared/schemas/approvals';
import {
  componentFieldLabels,
  componentFields,
  componentFileFields,
  componentInputSchema,
  type Component,
  type ComponentData,
  type ComponentField,
} from '#shared/schemas/component';
import { Conflict, DomainError, Invalid, isServiceUnavailable, NotFound, TooLarge, Unprocessable } from '#lib/errors';
import { logger } from '#lib/logger';
import { recordMetric } from '#lib/metrics';
import { attachmentApproveItem } from '#repositories/attachments';
import { commitCatalogueChange } from '#repositories/catalogue';
import {
  componentDelete,
  componentPut,
  componentUpdate,
  getComponent,
  getComponents,
  reserveComponentIds,
} from '#repositories/components';
import {
  deletionLockPut,
  getRequest,
  listPendingRequestsFor,
  listRequests,
  requestPutItems,
  requestReviewItems,
  type StoredRequest,
} from '#repositories/approval-requests';
import { getNotificationSettings } from '#repositories/notification-settings';
import { notificationPut } from '#repositories/notifications';
import { idempotencyClaimPut } from '#repositories/idempotency';
import { pendingBytesReserve } from '#repositories/pending-storage';
import {
  conditionalWrite,
  failedConditions,
  isConditionFailure,
  transact,
  wasRefused,
  type TransactItem,
} from '#repositories/table';
import type { User } from '#repositories/users';
import { initialVersion, listVersions, versionPut } from '#repositories/versions';
import { componentFileKinds, componentFileProblem } from '#shared/schemas/files';
import { objectKeySegment, sanitiseFileName } from './file-names';
import { copyFile, deleteFileQuietly, inspectFile } from './file-store';
import { emailDecision } from './request-emails';
import { requestReference, requestSubject, requestTypeWithArticle, requestTypeWords } from './request-texts';
import { sniffComponentFileType, SNIFF_BYTES } from './file-types';
import { earlierWrite, fingerprintOf, isSameKey, keyedToken } from './idempotency';
import { discardRequestFiles } from './request-files';
import { assertPendingRoom, claimUpload, pendingStorageFull, pendingStorageOf, pendingStorageQuota } from './uploads';
import { newNotification, notifyAdmins } from './notifications';

const nonNull = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).filter(([, value]) => value !== null && value !== undefined));

/**
 * requestData in the shape the API has always had per request type, with the component an upload or a deletion concerns;
 * an upload also names its attachment, so the queue can offer the file for download.
 */
const requestDataOf = (request: StoredRequest): Record<string, unknown> => {
  if (request.requestType === 'attachment')
    return {
      ...request.data,
      componentId: request.componentId,
      ...(request.attachmentId ? { attachmentId: request.attachmentId } : {}),
    };
  if (request.requestType === 'delete') return { ...request.data, componentId: request.componentId };
  return request.data;
};

/** What the queue learns from the part as it is now (absent: the part is not looked at, or gone). */
interface PartNow {
  /** Whether the request's part was looked up (requests about no part skip it). */
  checked: boolean;
  component?: Component;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The request as the API has always answered it: requestData per type, the submitter's name, the review; plus the part
 * by reference, whether it still exists, and for a pending edit its values now beside the
 * proposed ones, with the fields that changed since the edit was proposed.
 */
export const toApprovalRequest = (request: StoredRequest, now: PartNow = { checked: false }): ApprovalRequest => {
  const pendingEdit = request.status === 'pending' && request.requestType === 'edit' && now.component;
  const fields = Object.keys(request.data);
  const currentData = pendingEdit
    ? Object.fromEntries(fields.map((field) => [field, now.component![field as ComponentField] ?? null]))
    : null;
  return {
    id: request.id,
    requestType: request.requestType,
    status: request.status,
    username: request.username,
    userId: request.userId,
    createdAt: request.createdAt,
    requestData: requestDataOf(request),
    componentId: request.componentId ?? null,
    previousData: request.previousData ?? null,
    reviewedBy: request.reviewedBy ?? null,
    reviewNotes: request.reviewNotes ?? null,
    reviewedAt: request.reviewedAt ?? null,
    componentReference:
      request.componentReference ?? (typeof request.data.reference === 'string' ? request.data.reference : null),
    componentDeleted: now.checked && !now.component,
    currentData,
    staleFields: currentData
      ? fields.filter((field) => !sameValue(currentData[field], request.previousData?.[field]))
      : [],
    componentChanged:
      request.status === 'pending' &&
      now.component !== undefined &&
      request.baseVersion !== undefined &&
      now.component.version !== request.baseVersion,
    revertOf: request.revertOf ?? null,
  };
};

/** How a user is named on what they submit or write. */
export const displayName = (user: User): string => user.username || user.name || user.email;

type SubmittedFields = Pick<StoredRequest, 'requestType' | 'data'> &
  Partial<
    Pick<
      StoredRequest,
      | 'id'
      | 'componentId'
      | 'baseVersion'
      | 'previousData'
      | 'attachmentId'
      | 'componentReference'
      | 'revertOf'
      | 'pendingBytes'
    >
  >;

/**
 * Files a request for review: the request and the pending count in one transaction, then a
 * notification to every other administrator (best effort: the request stands if that fails).
 * The request keeps its part's reference, so every text about it names the part.
 */
export const submitRequest = async (
  submitter: User,
  fields: SubmittedFields,
  extraItems: TransactItem[] = [],
): Promise<{ requestId: string }> => {
  const now = new Date();
  const componentReference =
    fields.componentReference ??
    (fields.componentId !== undefined ? (await getComponent(fields.componentId))?.reference : undefined);
  const request: StoredRequest = {
    id: ulid(now.getTime()),
    status: 'pending',
    userId: submitter.id,
    username: displayName(submitter),
    createdAt: now.toISOString(),
    ...fields,
    ...(componentReference !== undefined && { componentReference }),
  };
  await transact([...extraItems, ...requestPutItems(request)]);
  recordMetric('RequestsSubmitted', 1, { requestType: request.requestType, approvalRequestId: request.id });
  await notifyAdmins(
    {
      type: 'info',
      title: 'New approval request',
      message: messages.requestSubmittedNotice(
        request.username,
        requestTypeWithArticle[request.requestType],
        requestSubject(request),
      ),
      linkTo: '/component-hub/approval-queue',
      requestId: request.id,
    },
    { except: submitter.id },
  ).catch((error: unknown) =>
    logger.warn('admin notification failed', { requestId: request.id, error: error as Error }),
  );
  return { requestId: request.id };
};

const existingComponent = async (id: number): Promise<Component> => {
  const component = await getComponent(id);
  if (!component) throw new NotFound(messages.componentNotFound);
  return component;
};

const isWebAddress = (value: string): boolean => /^https?:\/\//i.test(value);

/**
 * A file field names a web address or a file the caller uploaded, never some other key of the
 * bucket: an approved component's file is served to everyone, so naming another user's pending
 * upload or attachment there would publish it.
 */
const assertFileFieldsAre = (data: Record<string, unknown>, allowed: (value: string) => boolean): void => {
  const fields: Record<string, string> = {};
  for (const field of componentFileFields) {
    const value = data[field];
    if (typeof value === 'string' && value !== '' && !allowed(value))
      fields[field] = messages.fileFieldInvalid(componentFieldLabels[field]);
  }
  if (Object.keys(fields).length) throw new Invalid(Object.values(fields)[0]!, fields);
};

/**
 * A new component's file fields arrive as upload keys (`uploads/<user>/...`), which the bucket
 * expires after a day: each is claimed into `requests/<requestId>/<field>/<name>` before the
 * request is filed, so the file outlives a slow review and the approved component keeps it.
 * The claimed copy is checked like an attachment (size, and the type sniffed from its bytes
 * against the field's rule: the datasheet PDF only, the SWE symbol images only); a refused file
 * leaves no copy behind, and neither do the files claimed before it. The uploads themselves stay
 * until the request is stored (`deleteClaimedUploads`), so a request can be sent again as it was.
 */
const claimComponentFiles = async (
  submitter: User,
  requestId: string,
  data: Record<string, unknown>,
): Promise<{ claimed: Record<string, unknown>; bytes: number }> => {
  assertFileFieldsAre(data, (value) => isWebAddress(value) || value.startsWith('uploads/'));
  const claimed = { ...data };
  const stored: string[] = [];
  let bytes = 0;
  try {
    for (const field of componentFileFields) {
      const key = data[field];
      if (typeof key !== 'string' || !key.startsWith('uploads/')) continue;
      const fileName = sanitiseFileName(key.split('/').at(-1) ?? field);
      const destination = `requests/${requestId}/${field}/${objectKeySegment(fileName, field)}`;
      await claimUpload(
        submitter,
        key,
        destination,
        { contentType: 'application/octet-stream', fileName },
        'component-file',
      );
      stored.push(destination);
      const { size, head } = await inspectFile(destination, SNIFF_BYTES);
      const contentType = sniffComponentFileType(head);
      const problem = componentFileProblem(componentFileKinds[field], { type: contentType, size });
      if (problem)
        throw problem.field === 'size' && size > 0
          ? new TooLarge(problem.message, { [field]: problem.message })
          : new Invalid(problem.message, { [field]: problem.message });
      // Stored under the type its bytes are, not the one the name claims.
      await copyFile(destination, destination, { contentType, fileName });
      claimed[field] = destination;
      bytes += size;
    }
  } catch (error) {
    await Promise.all(stored.map((key) => deleteFileQuietly(key, 'a refused new-component file')));
    throw error;
  }
  return { claimed, bytes };
};

/** Once a request holds copies of the uploads, the uploads go. */
const deleteClaimedUploads = (data: Record<string, unknown>, claimed: Record<string, unknown>) =>
  Promise.all(
    componentFileFields.map((field) =>
      claimed[field] !== data[field] && typeof data[field] === 'string' && data[field].startsWith('uploads/')
        ? deleteFileQuietly(data[field], 'claimed by a new-component request')
        : undefined,
    ),
  );

/**
 * What an earlier attempt with this token made, if it landed and its request is still waiting
 * (then a retry answers with it); `stale` when the token names a request already reviewed, which
 * a new request may take the token from.
 */
const earlierNewRequest = async (
  scope: string,
  token: string,
  fingerprint: string,
): Promise<{ request?: StoredRequest; stale?: string }> => {
  const made = await earlierWrite(scope, token, fingerprint);
  if (!made) return {};
  const request = await getRequest(String(made.id));
  return request?.status === 'pending' ? { request } : { stale: String(made.id) };
};

/**
 * Files a new-component request. Made once per client token (the Idempotency-Key header, else
 * the submitted data itself): a caller who got no answer (a timeout) and sends the same again is
 * answered with the request the first attempt filed, never given a second one. When the outcome
 * is unknown nothing is undone: the copies stay for the retry, and the reconciliation removes
 * them if the request never landed.
 */
export const submitNewComponent = async (submitter: User, data: ComponentData, clientToken?: string) => {
  const fields = nonNull(data);
  const scope = `${submitter.id}:new-component`;
  const fingerprint = fingerprintOf(fields);
  const token = clientToken ?? `data:${fingerprint}`;
  const earlier = await earlierNewRequest(scope, token, fingerprint);
  if (earlier.request) {
    await deleteClaimedUploads(fields, earlier.request.data);
    return { requestId: earlier.request.id };
  }
  const id = ulid();
  const { claimed, bytes } = await claimComponentFiles(submitter, id, fields);
  const dropCopies = () =>
    Promise.all(
      componentFileFields.map((field) =>
        claimed[field] !== fields[field] ? deleteFileQuietly(String(claimed[field]), 'an unfiled request copy') : null,
      ),
    );
  try {
    const uploads = componentFileFields.flatMap((field) =>
      claimed[field] !== fields[field] ? [String(fields[field])] : [],
    );
    if (bytes > 0) await assertPendingRoom(submitter.id, bytes, uploads);
    await submitRequest(
      submitter,
      { id, requestType: 'new', data: claimed, ...(bytes > 0 && { pendingBytes: bytes }) },
      [
        idempotencyClaimPut(scope, token, { id }, { fingerprint, ...(earlier.stale && { replacing: earlier.stale }) }),
        ...(bytes > 0 ? [pendingBytesReserve(submitter.id, bytes, pendingStorageQuota())] : []),
      ],
    );
  } catch (error) {
    // Unknown outcome: the request may have landed, holding these copies.
    if (error instanceof Error && !(error instanceof TooLarge) && !wasRefused(error)) throw error;
    const failed = failedConditions(error);
    if (failed.includes(0)) {
      // Another attempt with this token was filed meanwhile (or this one, retried inside the SDK).
      const landed = await earlierNewRequest(scope, token, fingerprint);
      if (landed.request) {
        if (landed.request.id !== id) await dropCopies();
        await deleteClaimedUploads(fields, landed.request.data);
        return { requestId: landed.request.id };
      }
    }
    await dropCopies();
    if (failed.includes(1))
      throw pendingStorageFull(await pendingStorageOf(submitter.id, Object.values(fields).map(String)));
    throw error;
  }
  await deleteClaimedUploads(fields, claimed);
  return { requestId: id };
};

const editableFields = new Set<string>(componentFields);

/**
 * Checks a proposed edit: known fields only, each value of its field's type, none empty. The
 * documented body carries `username` next to the fields; it is ignored (the session says who).
 */
export const parseEdit = (body: Record<string, unknown>): Partial<ComponentData> => {
  const entries = Object.entries(body).filter(([field]) => field !== 'username');
  const fields: Record<string, string> = {};
  for (const [field] of entries) if (!editableFields.has(field)) fields[field] = messages.unknownField(field);
  if (Object.keys(fields).length) throw new Invalid(Object.values(fields)[0]!, fields);
  if (entries.length === 0) throw new Invalid(messages.noChanges);
  const changes: Record<string, unknown> = {};
  for (const [field, value] of entries) {
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
      fields[field] = messages.enterValue;
      continue;
    }
    const parsed = componentInputSchema.shape[field as ComponentField].safeParse(value);
    if (!parsed.success) fields[field] = parsed.error.issues[0]?.message ?? messages.invalidRequest;
    else changes[field] = parsed.data;
  }
  if (Object.keys(fields).length) throw new Invalid(Object.values(fields)[0]!, fields);
  // Edits carry no uploads (those are attachments): a file field may only become a web address.
  assertFileFieldsAre(changes, isWebAddress);
  return changes as Partial<ComponentData>;
};

export const submitEdit = async (submitter: User, componentId: number, changes: Partial<ComponentData>) => {
  const component = await existingComponent(componentId);
  const previousData = Object.fromEntries(
    Object.keys(changes).map((field) => [field, component[field as ComponentField] ?? null]),
  );
  return submitRequest(submitter, {
    requestType: 'edit',
    componentId,
    componentReference: component.reference,
    baseVersion: component.version,
    data: changes,
    previousData,
  });
};

/**
 * A deletion request, refused while another deletion of the part waits for review: the part's
 * deletion claim is taken in the same transaction that files the request (two at once cannot
 * both get it), and requests filed before claims existed are looked for too.
 */
export const submitDeletion = async (submitter: User, componentId: number) => {
  const component = await existingComponent(componentId);
  const refused = new Conflict(messages.deletionAlreadyPending(component.reference));
  if ((await listPendingRequestsFor(componentId)).some((request) => request.requestType === 'delete')) throw refused;
  const id = ulid();
  try {
    return await submitRequest(
      submitter,
      {
        id,
        requestType: 'delete',
        componentId,
        componentReference: component.reference,
        baseVersion: component.version,
        data: { reference: component.reference },
      },
      [deletionLockPut(componentId, id)],
    );
  } catch (error) {
    if (isConditionFailure(error)) throw refused;
    throw error;
  }
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
 * Closes a pending request whose part no longer exists, with the reason, so it leaves the queue
 * and the pending count; the submitter is told (as their settings allow) and a pending upload's
 * file goes. False when the request was closed some other way meanwhile.
 */
const closeForDeletedPart = async (request: StoredRequest): Promise<boolean> => {
  const reference = requestReference(request);
  const reviewNotes = messages.requestClosedComponentDeleted(reference);
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
          message: messages.requestClosedNotice(
            requestTypeWords[request.requestType],
            requestSubject(request),
            reference,
          ),
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
 * Admins see every request of a status; users see only their own (the dashboard shows them their
 * state). Each is answered with its part as it is now; a pending request whose part was deleted
 * meanwhile is closed here, with the reason, instead of being listed.
 */
export const listApprovalRequests = async (viewer: User, status: RequestStatus): Promise<ApprovalRequest[]> => {
  const requests = await listRequests(status, viewer.role === 'admin' ? {} : { userId: viewer.id });
  const ids = [
    ...new Set(requests.flatMap((request) => (request.componentId === undefined ? [] : [request.componentId]))),
  ];
  const parts = new Map((ids.length ? await getComponents(ids) : []).map((component) => [component.id, component]));
  const answers: ApprovalRequest[] = [];
  const gone: StoredRequest[] = [];
  for (const request of requests) {
    const checked = request.componentId !== undefined;
    const component = checked ? parts.get(request.componentId!) : undefined;
    if (status === 'pending' && checked && !component) gone.push(request);
    else answers.push(toApprovalRequest(request, { checked, component }));
  }
  for (const request of gone)
    await closeForDeletedPart(request).catch((error: unknown) =>
      logger.warn('request of a deleted part not closed', { requestId: request.id, error: error as Error }),
    );
  return answers;
};

/** Approving a request whose part is gone: the request is closed with the reason, and the reviewer told. */
class PartGone extends Conflict {
  constructor() {
    super(messages.requestComponentGone);
  }
}

/** What approving a request writes besides closing it, and which components it changes. */
const applyItems = async (
  request: StoredRequest,
  reviewer: User,
  now: string,
): Promise<{ items: TransactItem[]; componentIds: number[]; linkTo: string | null; newComponentId?: number }> => {
  const author = reviewer.username || reviewer.email;
  switch (request.requestType) {
    case 'new': {
      const [id] = await reserveComponentIds(1);
      const component = {
        ...(request.data as ComponentData),
        id: id!,
        version: 1,
        createdAt: now,
        updatedAt: now,
      } as Component;
      return {
        componentIds: [id!],
        newComponentId: id!,
        linkTo: `/component-hub/components/${id}`,
        items: [
          componentPut(component, { mustBeNew: true }),
          versionPut(id!, initialVersion(request.data, request.username, now)),
        ],
      };
    }
    case 'edit': {
      const id = request.componentId!;
      const current = await getComponent(id);
      if (!current) throw new PartGone();
      const changes = request.data;
      if (current.version !== request.baseVersion) {
        // Only a change to the same fields since the proposal is a conflict; others merge.
        const clashing = Object.keys(changes).filter(
          (field) => !sameValue(current[field as ComponentField], request.previousData?.[field]),
        );
        if (clashing.length) throw new Conflict(messages.requestConflict(clashing));
      }
      // In the catalogue's field order: the stored map keeps none.
      const changedFields = componentFields.filter((field) => field in changes) as string[];
      const version = current.version + 1;
      return {
        componentIds: [id],
        linkTo: `/component-hub/components/${id}`,
        items: [
          componentUpdate(id, changes, { expectedVersion: current.version, updatedAt: now }),
          versionPut(id, {
            versionNumber: version,
            changeDescription:
              request.revertOf !== undefined
                ? `Reverted ${changedFields.join(', ')} to version ${request.revertOf}`
                : `Updated ${changedFields.join(', ')}`,
            changedFields,
            previousData: Object.fromEntries(
              changedFields.map((field) => [field, current[field as ComponentField] ?? null]),
            ),
            changeData: changes,
            username: `${request.username} (approved by ${author})`,
            createdAt: now,
          }),
        ],
      };
    }
    case 'delete': {
      const id = request.componentId!;
      if (!(await getComponent(id))) throw new PartGone();
      // The component goes; its versions, comments and attachments stay as the audit trail.
      return { componentIds: [id], linkTo: null, items: [componentDelete(id)] };
    }
    case 'attachment':
      if (!(await getComponent(request.componentId!))) throw new PartGone();
      return {
        componentIds: [],
        linkTo: `/component-hub/components/${request.componentId}`,
        items: [attachmentApproveItem(request.componentId!, request.attachmentId!)],
      };
  }
};

type Decision = { status: 'approved' | 'rejected'; reviewNotes: string | null };

/**
 * Approves or rejects a pending request in one transaction: the request closes only while it is
 * still pending (so concurrent reviews apply it once), an approval writes its change with the
 * component's version as the condition and bumps the catalogue revision, and the submitter is
 * notified in the same write (as their settings allow), then by email. An approved deletion
 * closes the part's other pending requests. The review carries a token (the Idempotency-Key
 * header, else one of the call's own): a review whose answer was lost and that is sent again with
 * the same key is answered as the first was; without it the retry learns the request was
 * reviewed. Either way what a rejection leaves to do afterwards (deleting its files) is done.
 */
const reviewStored = async (
  reviewer: User,
  request: StoredRequest,
  decision: Decision,
  reviewToken: string = ulid(),
): Promise<ApprovalRequest> => {
  if (request.status !== 'pending') return finishReviewed(request, reviewToken);
  const approved = decision.status === 'approved';
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
      reviewedBy: reviewer.username || reviewer.email,
      reviewedByUserId: reviewer.id,
      reviewNotes: decision.reviewNotes,
      reviewedAt: now,
      reviewToken,
      ...(applied.newComponentId !== undefined && { componentId: applied.newComponentId }),
    };
    const linkTo =
      applied.linkTo ??
      (request.componentId && request.requestType !== 'delete'
        ? `/component-hub/components/${request.componentId}`
        : null);
    const all = [
      ...applied.items,
      ...requestReviewItems(request, review),
      ...(settings.appRequestDecision
        ? [
            notificationPut(
              request.userId,
              decisionNotification(request, decision.status, decision.reviewNotes, linkTo),
            ),
          ]
        : []),
    ];
    try {
      if (applied.componentIds.length) await commitCatalogueChange(applied.componentIds, all);
      else await transact(all);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const latest = await getRequest(request.id);
      // Reviewed meanwhile: by this very call (the SDK retried an attempt that had landed), or another.
      if (latest && latest.status !== 'pending') return finishReviewed(latest, reviewToken);
      // Still pending: the part moved to another version meanwhile. Read it again and re-apply.
      if (attempt < 3) continue;
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
  const review = {
    status: 'withdrawn' as const,
    reviewedBy: displayName(user),
    reviewedByUserId: user.id,
    reviewNotes: messages.requestWithdrawnNote,
    reviewedAt: new Date().toISOString(),
  };
  try {
    await transact(requestReviewItems(request, review));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
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

/**
 * 'Revert to this version': an edit request (reviewed like any other) restoring the values that
 * version had for every field changed since, where they differ from the part's values now.
 */
export const revertToVersion = async (user: User, componentId: number, versionNumber: number) => {
  const component = await existingComponent(componentId);
  const versions = await listVersions(componentId);
  if (!versions.some((version) => version.versionNumber === versionNumber))
    throw new NotFound(messages.versionNotFound);
  const restored: Record<string, unknown> = {};
  const later = versions
    .filter((version) => version.versionNumber > versionNumber)
    .sort((a, b) => a.versionNumber - b.versionNumber);
  for (const version of later)
    for (const field of version.changedFields)
      if (editableFields.has(field) && field !== 'username' && !(field in restored))
        restored[field] = version.previousData[field] ?? null;
  const changes = Object.fromEntries(
    Object.entries(restored).filter(([field, value]) => !sameValue(component[field as ComponentField], value)),
  );
  if (Object.keys(changes).length === 0) throw new Invalid(messages.revertNothing(versionNumber));
  return submitRequest(user, {
    requestType: 'edit',
    componentId,
    componentReference: component.reference,
    baseVersion: component.version,
    data: changes,
    previousData: Object.fromEntries(
      Object.keys(changes).map((field) => [field, component[field as ComponentField] ?? null]),
    ),
    revertOf: versionNumber,
  });
};
