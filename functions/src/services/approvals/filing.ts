import { ulid } from 'ulid';
import { messages } from '#shared/messages';
import {
  componentFieldLabels,
  componentFileFields,
  fieldValueSchema,
  readTranslatedField,
  type CatalogueField,
  type Component,
  type ComponentData,
  type ComponentField,
} from '#shared/schemas/component';
import { Conflict, Invalid, NotFound, TooLarge } from '#lib/errors';
import { catalogueFieldList, isCatalogueTranslatedField } from '#lib/catalogue-languages';
import { logger } from '#lib/logger';
import { recordMetric } from '#lib/metrics';
import { getComponent } from '#repositories/components';
import {
  deletionLockPut,
  getRequest,
  listPendingRequestsFor,
  requestPutItems,
  type StoredRequest,
} from '#repositories/approval-requests';
import { idempotencyClaimPut } from '#repositories/idempotency';
import { pendingBytesReserve } from '#repositories/pending-storage';
import { conditionalOutcome, failedConditions, transact, wasRefused, type TransactItem } from '#repositories/table';
import type { User } from '#repositories/users';
import { listVersions } from '#repositories/versions';
import { componentFileKinds, componentFileProblem } from '#shared/schemas/files';
import { objectKeySegment, sanitiseFileName } from '../file-names';
import { copyFile, deleteFileQuietly, inspectFile } from '../file-store';
import { requestSubject, requestTypeWithArticle } from '../request-texts';
import { sniffComponentFileType, SNIFF_BYTES } from '../file-types';
import { earlierWrite, fingerprintOf } from '../idempotency';
import { assertPendingRoom, claimUpload, pendingStorageFull, pendingStorageOf, pendingStorageQuota } from '../uploads';
import { notifyAdmins } from '../notifications';
import { notifyWatchers } from '../watches';

import { nonNull, sameValue } from './request-views';

import { displayName } from '../user-names';
import { paths } from '#shared/app-paths';
import { classChangeProblem, classChangeSources, classChangeTarget, type ClassChange } from '#shared/class-list';
import { readClassListState, reviewerGroupsOf } from '../classes';
/*
 * Filing requests: a new component (its files claimed into the request's own keys), an edit, a
 * deletion, a revert to an earlier version. Nothing changes the catalogue until a review.
 */

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
      | 'distributorSource'
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
  const part = fields.componentId !== undefined ? await getComponent(fields.componentId) : undefined;
  const componentReference = fields.componentReference ?? part?.reference;
  // A new part's class is in its data; a class change concerns no one class.
  const componentClass = part?.class ?? (typeof fields.data.class === 'string' ? fields.data.class : null);
  const assignedGroups = fields.requestType === 'class' ? [] : await reviewerGroupsOf(componentClass);
  const request: StoredRequest = {
    id: ulid(now.getTime()),
    status: 'pending',
    userId: submitter.id,
    username: displayName(submitter),
    createdAt: now.toISOString(),
    ...fields,
    ...(componentReference !== undefined && { componentReference }),
    ...(assignedGroups.length && { assignedGroups }),
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
      linkTo: paths.hub.approvalQueue.href(),
      requestId: request.id,
    },
    { except: submitter.id, reviewers: true, assignedGroups },
  ).catch((error: unknown) =>
    logger.warn('admin notification failed', { requestId: request.id, error: error as Error }),
  );
  // The part's watchers and its class's hear of it too (a new part's class is in its data).
  await notifyWatchers(
    { componentId: request.componentId ?? null, componentClass },
    {
      title: 'Change requested',
      message: messages.requestSubmittedNotice(
        request.username,
        requestTypeWithArticle[request.requestType],
        requestSubject(request),
      ),
    },
    [submitter.id],
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
/** Refuses values in a language the catalogue does not have (`description_xx`). */
const assertCatalogueLanguages = (data: Record<string, unknown>) => {
  const foreign = Object.keys(data).filter((name) => readTranslatedField(name) && !isCatalogueTranslatedField(name));
  if (foreign.length)
    throw new Invalid(
      messages.unknownField(foreign[0]!),
      Object.fromEntries(foreign.map((name) => [name, messages.unknownField(name)])),
    );
};

export const submitNewComponent = async (submitter: User, data: ComponentData, clientToken?: string) => {
  assertCatalogueLanguages(data);
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

const editableFields = new Set<string>(catalogueFieldList);

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
    const parsed = fieldValueSchema(field as CatalogueField).safeParse(value);
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
  return conditionalOutcome(
    () =>
      submitRequest(
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
      ),
    () => {
      throw refused;
    },
  );
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

/**
 * A change of the class list (add a class, rename one, merge several into one), checked against
 * the list and the catalogue's classes as they stand: an unknown class, a name already taken or
 * a second spelling of an existing class is refused with the field at fault. The request keeps
 * how many parts held each class it names, for the reviewer.
 */
export const submitClassChange = async (submitter: User, change: ClassChange) => {
  const state = await readClassListState();
  const problem = classChangeProblem(change, state);
  if (problem) throw new Invalid(problem.message, { [problem.field]: problem.message });
  const named = [...classChangeSources(change), classChangeTarget(change)];
  const parts = Object.fromEntries(named.map((name) => [name, state.used.get(name) ?? 0]));
  return submitRequest(submitter, { requestType: 'class', data: { ...change, parts } });
};
