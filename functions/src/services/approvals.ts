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
import { isConditionFailure, transact } from '#repositories/table';
import type { User } from '#repositories/users';
import { initialVersion, versionPut } from '#repositories/versions';
import { componentFileKinds, componentFileProblem } from '#shared/schemas/files';
import { discardAttachment } from './attachment-files';
import { objectKeySegment, sanitiseFileName } from './file-names';
import { copyFile, deleteFileQuietly, inspectFile } from './file-store';
import { sniffComponentFileType, SNIFF_BYTES } from './file-types';
import { claimUpload } from './uploads';
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
    Partial<Pick<StoredRequest, 'id' | 'componentId' | 'baseVersion' | 'previousData' | 'attachmentId'>>,
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
 * leaves no copy behind, and neither do the files claimed before it.
 */
const claimComponentFiles = async (
  submitter: User,
  requestId: string,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> => {
  assertFileFieldsAre(data, (value) => isWebAddress(value) || value.startsWith('uploads/'));
  const claimed = { ...data };
  const stored: string[] = [];
  try {
    for (const field of componentFileFields) {
      const key = data[field];
      if (typeof key !== 'string' || !key.startsWith('uploads/')) continue;
      const fileName = sanitiseFileName(key.split('/').at(-1) ?? field);
      const destination = `requests/${requestId}/${field}/${objectKeySegment(fileName, field)}`;
      await claimUpload(submitter, key, destination, { contentType: 'application/octet-stream', fileName });
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
    }
  } catch (error) {
    await Promise.all(stored.map((key) => deleteFileQuietly(key, 'a refused new-component file')));
    throw error;
  }
  // The uploads go only once every file is taken, so a refused request can be sent again as it was.
  await Promise.all(
    componentFileFields.map((field) =>
      claimed[field] !== data[field]
        ? deleteFileQuietly(String(data[field]), 'claimed by a new-component request')
        : undefined,
    ),
  );
  return claimed;
};

export const submitNewComponent = async (submitter: User, data: ComponentData) => {
  const id = ulid();
  return submitRequest(submitter, {
    id,
    requestType: 'new',
    data: await claimComponentFiles(submitter, id, nonNull(data)),
  });
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
 * notified in the same write.
 */
export const reviewRequest = async (
  reviewer: User,
  id: string,
  decision: { status: 'approved' | 'rejected'; reviewNotes: string | null },
): Promise<ApprovalRequest> => {
  const request = await getRequest(id);
  if (!request) throw new NotFound(messages.requestNotFound);
  if (request.status !== 'pending') throw new Conflict(messages.requestAlreadyReviewed);
  const now = new Date().toISOString();
  const review = {
    status: decision.status,
    reviewedBy: reviewer.username || reviewer.email,
    reviewedByUserId: reviewer.id,
    reviewNotes: decision.reviewNotes,
    reviewedAt: now,
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
    throw new Conflict(latest?.status !== 'pending' ? messages.requestAlreadyReviewed : messages.requestRetry);
  }
  recordMetric(approved ? 'RequestsApproved' : 'RequestsRejected', 1, {
    requestType: request.requestType,
    approvalRequestId: request.id,
  });
  if (!approved && request.requestType === 'attachment')
    await discardAttachment(request.componentId!, request.attachmentId!);
  return toApprovalRequest({ ...request, ...review });
};
