import { ulid } from 'ulid';
import { messages } from '#shared/messages';
import type { ApprovalRequest, RequestStatus, RequestType } from '#shared/schemas/approvals';
import {
  componentFieldLabels,
  componentFields,
  componentFileFields,
  componentInputSchema,
  type Component,
  type ComponentData,
  type ComponentField,
} from '#shared/schemas/component';
import { Conflict, Invalid, NotFound, TooLarge } from '#lib/errors';
import { logger } from '#lib/logger';
import { recordMetric } from '#lib/metrics';
import { attachmentApproveItem } from '#repositories/attachments';
import { commitCatalogueChange } from '#repositories/catalogue';
import {
  componentDelete,
  componentPut,
  componentUpdate,
  getComponent,
  reserveComponentIds,
} from '#repositories/components';
import type { TransactItem } from '#repositories/counters';
import {
  getRequest,
  listRequests,
  requestPutItems,
  requestReviewItems,
  type StoredRequest,
} from '#repositories/approval-requests';
import { notificationPut } from '#repositories/notifications';
import { idempotencyClaimPut, readIdempotencyClaim } from '#repositories/idempotency';
import { pendingBytesReserve } from '#repositories/pending-storage';
import { failedConditions, isConditionFailure, transact, wasRefused } from '#repositories/table';
import type { User } from '#repositories/users';
import { initialVersion, versionPut } from '#repositories/versions';
import { componentFileKinds, componentFileProblem } from '#shared/schemas/files';
import { objectKeySegment, sanitiseFileName } from './file-names';
import { copyFile, deleteFileQuietly, inspectFile } from './file-store';
import { sniffComponentFileType, SNIFF_BYTES } from './file-types';
import { sha256 } from './auth/tokens';
import { discardRequestFiles } from './request-files';
import { assertPendingRoom, claimUpload, pendingStorageFull, pendingStorageOf, pendingStorageQuota } from './uploads';
import { newNotification, notifyAdmins } from './notifications';

const typeLabels: Record<RequestType, string> = {
  new: 'new component',
  edit: 'edit',
  attachment: 'attachment',
  delete: 'deletion',
};

const nonNull = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).filter(([, value]) => value !== null && value !== undefined));

/**
 * requestData as spec §3 has it per type, with the component an upload or a deletion concerns;
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

/** The spec's shape (§3): requestData per type, the submitter's name, the review. */
export const toApprovalRequest = (request: StoredRequest): ApprovalRequest => ({
  id: request.id,
  requestType: request.requestType,
  status: request.status,
  username: request.username,
  createdAt: request.createdAt,
  requestData: requestDataOf(request),
  componentId: request.componentId ?? null,
  previousData: request.previousData ?? null,
  reviewedBy: request.reviewedBy ?? null,
  reviewNotes: request.reviewNotes ?? null,
  reviewedAt: request.reviewedAt ?? null,
});

/** How a user is named on what they submit or write. */
export const displayName = (user: User): string => user.username || user.name || user.email;

/**
 * Files a request for review: the request and the pending count in one transaction, then a
 * notification to every administrator (best effort: the request stands if that fails).
 */
export const submitRequest = async (
  submitter: User,
  fields: Pick<StoredRequest, 'requestType' | 'data'> &
    Partial<
      Pick<StoredRequest, 'id' | 'componentId' | 'baseVersion' | 'previousData' | 'attachmentId' | 'pendingBytes'>
    >,
  extraItems: TransactItem[] = [],
): Promise<{ requestId: string }> => {
  const now = new Date();
  const request: StoredRequest = {
    id: ulid(now.getTime()),
    status: 'pending',
    userId: submitter.id,
    username: displayName(submitter),
    createdAt: now.toISOString(),
    ...fields,
  };
  await transact([...extraItems, ...requestPutItems(request)]);
  recordMetric('RequestsSubmitted', 1, { requestType: request.requestType, approvalRequestId: request.id });
  const subject = String(request.data.reference ?? request.data.fileName ?? `component ${request.componentId}`);
  await notifyAdmins({
    type: 'info',
    title: 'New approval request',
    message: `${request.username} submitted a ${typeLabels[request.requestType]} request for ${subject}.`,
    linkTo: '/component-hub/approval-queue',
  }).catch((error: unknown) =>
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

/** The same JSON for the same data whatever the order of its keys. */
const canonicalJson = (data: Record<string, unknown>): string =>
  JSON.stringify(Object.fromEntries(Object.entries(data).sort(([a], [b]) => a.localeCompare(b))));

/**
 * What an earlier attempt with this token made, if it landed and its request is still waiting
 * (then a retry answers with it); `stale` when the token names a request already reviewed, which
 * a new request may take the token from.
 */
const earlierNewRequest = async (
  scope: string,
  token: string,
): Promise<{ request?: StoredRequest; stale?: string }> => {
  const made = await readIdempotencyClaim(scope, token);
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
  const token = clientToken ?? `data:${sha256(canonicalJson(fields))}`;
  const earlier = await earlierNewRequest(scope, token);
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
        idempotencyClaimPut(scope, token, { id }, earlier.stale ? { replacing: earlier.stale } : {}),
        ...(bytes > 0 ? [pendingBytesReserve(submitter.id, bytes, pendingStorageQuota())] : []),
      ],
    );
  } catch (error) {
    // Unknown outcome: the request may have landed, holding these copies.
    if (error instanceof Error && !(error instanceof TooLarge) && !wasRefused(error)) throw error;
    const failed = failedConditions(error);
    if (failed.includes(0)) {
      // Another attempt with this token was filed meanwhile (or this one, retried inside the SDK).
      const landed = await earlierNewRequest(scope, token);
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
 * spec's body carries `username` next to the fields; it is ignored (the session says who).
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
    baseVersion: component.version,
    data: changes,
    previousData,
  });
};

export const submitDeletion = async (submitter: User, componentId: number) => {
  const component = await existingComponent(componentId);
  return submitRequest(submitter, {
    requestType: 'delete',
    componentId,
    baseVersion: component.version,
    data: { reference: component.reference },
  });
};

/** Admins see every request of a status; users see only their own (the dashboard shows them their state). */
export const listApprovalRequests = async (viewer: User, status: RequestStatus): Promise<ApprovalRequest[]> =>
  (await listRequests(status, viewer.role === 'admin' ? {} : { userId: viewer.id })).map(toApprovalRequest);

/** What approving a request writes besides closing it, and which components it changes. */
const applyItems = async (
  request: StoredRequest,
  reviewer: User,
  now: string,
): Promise<{ items: TransactItem[]; componentIds: number[]; linkTo: string | null }> => {
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
      if (!current) throw new Conflict(messages.requestComponentGone);
      const changes = request.data;
      if (current.version !== request.baseVersion) {
        // Only a change to the same fields since the proposal is a conflict; others merge.
        const clashing = Object.keys(changes).filter(
          (field) =>
            JSON.stringify(current[field as ComponentField] ?? null) !==
            JSON.stringify(request.previousData?.[field] ?? null),
        );
        if (clashing.length) throw new Conflict(messages.requestConflict(clashing));
      }
      const changedFields = Object.keys(changes);
      const version = current.version + 1;
      return {
        componentIds: [id],
        linkTo: `/component-hub/components/${id}`,
        items: [
          componentUpdate(id, changes, { expectedVersion: current.version, updatedAt: now }),
          versionPut(id, {
            versionNumber: version,
            changeDescription: `Updated ${changedFields.join(', ')}`,
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
      if (!(await getComponent(id))) throw new Conflict(messages.requestComponentGone);
      // The component goes; its versions, comments and attachments stay as the audit trail.
      return { componentIds: [id], linkTo: null, items: [componentDelete(id)] };
    }
    case 'attachment':
      if (!(await getComponent(request.componentId!))) throw new Conflict(messages.requestComponentGone);
      return {
        componentIds: [],
        linkTo: `/component-hub/components/${request.componentId}`,
        items: [attachmentApproveItem(request.componentId!, request.attachmentId!)],
      };
  }
};

/**
 * Approves or rejects a pending request in one transaction: the request closes only while it is
 * still pending (so concurrent reviews apply it once), an approval writes its change with the
 * component's version as the condition and bumps the catalogue revision, and the submitter is
 * notified in the same write. The review carries a client token (the Idempotency-Key header, else
 * one of this call's own): a review whose answer was lost (a timeout) and is sent again with the
 * same key is answered as the first was; without it the retry learns the request was reviewed.
 * Either way what a rejection leaves to do afterwards (deleting the request's files) is done.
 */
export const reviewRequest = async (
  reviewer: User,
  id: string,
  decision: { status: 'approved' | 'rejected'; reviewNotes: string | null },
  clientToken?: string,
): Promise<ApprovalRequest> => {
  const request = await getRequest(id);
  if (!request) throw new NotFound(messages.requestNotFound);
  const reviewToken = clientToken ?? ulid();
  if (request.status !== 'pending') return finishReviewed(request, reviewToken);
  const now = new Date().toISOString();
  const review = {
    status: decision.status,
    reviewedBy: reviewer.username || reviewer.email,
    reviewedByUserId: reviewer.id,
    reviewNotes: decision.reviewNotes,
    reviewedAt: now,
    reviewToken,
  };
  const approved = decision.status === 'approved';
  const { items, componentIds, linkTo } = approved
    ? await applyItems(request, reviewer, now)
    : { items: [], componentIds: [], linkTo: null };
  const subject = String(request.data.reference ?? request.data.fileName ?? `component ${request.componentId}`);
  const notification = newNotification({
    type: approved ? 'success' : 'error',
    title: approved ? 'Request approved' : 'Request rejected',
    message: `Your ${typeLabels[request.requestType]} request for ${subject} was ${decision.status}${decision.reviewNotes ? `: ${decision.reviewNotes}` : '.'}`,
    linkTo:
      linkTo ??
      (request.componentId && request.requestType !== 'delete'
        ? `/component-hub/components/${request.componentId}`
        : null),
  });
  const all = [...items, ...requestReviewItems(request, review), notificationPut(request.userId, notification)];
  try {
    if (componentIds.length) await commitCatalogueChange(componentIds, all);
    else await transact(all);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const latest = await getRequest(id);
    // Reviewed meanwhile: by this very call (the SDK retried an attempt that had landed), or another.
    if (latest && latest.status !== 'pending') return finishReviewed(latest, reviewToken);
    throw new Conflict(messages.requestRetry);
  }
  recordMetric(approved ? 'RequestsApproved' : 'RequestsRejected', 1, {
    requestType: request.requestType,
    approvalRequestId: request.id,
  });
  const closed = { ...request, ...review };
  if (!approved) await discardRequestFiles(closed);
  return toApprovalRequest(closed);
};

/**
 * A review of a request that is no longer pending: the answer to a retry of the review that
 * closed it (same token), else 409. Files a rejection left behind are deleted either way.
 */
const finishReviewed = async (request: StoredRequest, reviewToken: string): Promise<ApprovalRequest> => {
  if (request.status !== 'approved') await discardRequestFiles(request);
  if (request.reviewToken !== reviewToken) throw new Conflict(messages.requestAlreadyReviewed);
  return toApprovalRequest(request);
};
