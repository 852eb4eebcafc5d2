import { isReviewer } from '#shared/schemas/auth';
import { ulid } from 'ulid';
import { messages } from '#shared/messages';
import {
  ATTACHMENT_MAX_BYTES,
  attachmentDownloadPath,
  attachmentFileProblem,
  type AddAttachmentInput,
  type Attachment,
  type AttachmentFileType,
  type FileProblem,
} from '#shared/schemas/files';
import { Conflict, Forbidden, Gone, Invalid, NotFound, TooLarge } from '#lib/errors';
import { getRequest, requestReviewItems } from '#repositories/approval-requests';
import {
  attachmentDeleteItem,
  attachmentPut,
  findAttachment,
  getAttachment,
  listAttachments,
  markAttachmentMissing,
  type StoredAttachment,
} from '#repositories/attachments';
import { commitCatalogueChange } from '#repositories/catalogue';
import { componentLiveCheck, componentVersionBump, getComponent } from '#repositories/components';
import type { TransactItem } from '#repositories/table';
import { notificationPut } from '#repositories/notifications';
import { idempotencyClaimPut } from '#repositories/idempotency';
import { pendingBytesReserve } from '#repositories/pending-storage';
import { conditionalOutcome, conditionalWrite, failedConditions, transact, wasRefused } from '#repositories/table';
import { versionPut } from '#repositories/versions';
import type { User } from '#repositories/users';
import { displayName } from './user-names';
import { submitRequest } from './approvals/filing';
import { sha256 } from './auth/tokens';
import { objectKeySegment, sanitiseFileName } from './file-names';
import { deleteFileQuietly, downloadUrl, fileExists, inspectFile, putFile } from './file-store';
import { fileMatchesType, SNIFF_BYTES } from './file-types';
import { earlierWrite, fingerprintOf } from './idempotency';
import { newNotification } from './notifications';
import { requestSubject } from './request-texts';
import {
  assertPendingRoom,
  claimUpload,
  decodeInlineFile,
  pendingStorageFull,
  pendingStorageOf,
  pendingStorageQuota,
} from './uploads';
import { paths } from '#shared/app-paths';

/*
 * Attachments of a part (the detail page's Attachments tab). An upload is stored
 * at once with isApproved false and an `attachment` request; the approval engine publishes it
 * or, on rejection, deletes it. Until then only its uploader and administrators see it.
 */

/** Where an attachment's bytes live: `attachments/<componentId>/<attachmentId>/<name>`. */
export const attachmentObjectKey = (componentId: number, id: string, fileName: string): string =>
  `attachments/${componentId}/${id}/${objectKeySegment(fileName)}`;

/** Reviewers (librarians and administrators) see and remove any attachment. */
const isAdmin = (user: User): boolean => isReviewer(user.role);

/** Approved attachments are everybody's; a pending one only its uploader's and the reviewers'. */
const canSee = (viewer: User, attachment: StoredAttachment): boolean =>
  attachment.isApproved || isAdmin(viewer) || attachment.uploadedByUserId === viewer.id;

const toAttachment = (attachment: StoredAttachment): Attachment => ({
  id: attachment.id,
  componentId: attachment.componentId,
  fileName: attachment.fileName,
  fileType: attachment.fileType,
  size: attachment.size,
  isApproved: attachment.isApproved,
  createdAt: attachment.createdAt,
  username: attachment.username,
  imageSource: attachment.imageSource ?? null,
  sourceMetadata: attachment.sourceMetadata ?? null,
  sourceConfidence: attachment.sourceConfidence ?? null,
  url: attachmentDownloadPath(attachment.id),
  ...(attachment.fileMissing && { fileMissing: true }),
});

const refuse = (problem: FileProblem, size: number): never => {
  const fields = { [problem.field]: problem.message };
  throw size > ATTACHMENT_MAX_BYTES ? new TooLarge(problem.message, fields) : new Invalid(problem.message, fields);
};

/** Size (1 byte to 10 MB), then type: the declared type, the name's extension and the bytes must agree. */
const checkFile = (file: { fileName: string; fileType: AttachmentFileType; size: number; head: Uint8Array }): void => {
  const problem = attachmentFileProblem({ type: file.fileType, size: file.size });
  if (problem) refuse(problem, file.size);
  if (!fileMatchesType(file)) refuse({ field: 'fileType', message: messages.attachmentTypeInvalid }, file.size);
};

/** The inline `fileData`, refused over 10 MB with the upload rule's own message, then over the inline 4 MB. */
const decodeFileData = (fileData: string): Buffer =>
  decodeInlineFile(fileData, (size) => {
    if (size > ATTACHMENT_MAX_BYTES) refuse(attachmentFileProblem({ type: '', size })!, size);
  });

/**
 * What an earlier attempt with this token filed, if it landed and its attachment is still there
 * (then a retry answers with it); `stale` when the token names an attachment since rejected or
 * deleted, which a new attachment may take the token from.
 */
const earlierAttachment = async (
  scope: string,
  token: string,
  fingerprint: string,
  componentId: number,
): Promise<{ filed?: { requestId: string; attachmentId: string }; stale?: string }> => {
  const made = await earlierWrite(scope, token, fingerprint);
  if (!made) return {};
  const attachment = await getAttachment(componentId, String(made.id));
  return attachment?.requestId
    ? { filed: { requestId: attachment.requestId, attachmentId: attachment.id } }
    : { stale: String(made.id) };
};

/**
 * Files a new attachment for review: the file checked and stored, then the attachment row and
 * its `attachment` request written in one transaction, with the bytes counted against the user's
 * pending storage. Made once per client token (the upload key, else the Idempotency-Key header,
 * else the file itself): a caller who got no answer and sends the same again is answered with
 * what the first attempt filed. A stored file is removed again only when DynamoDB refused the
 * write; when the outcome is unknown (a timeout) it stays, since the row may have landed with it
 * (the reconciliation removes it if not). The upload object goes once the attachment is stored.
 */
export const submitAttachment = async (
  user: User,
  componentId: number,
  input: AddAttachmentInput,
  clientToken?: string,
): Promise<{ requestId: string; attachmentId: string }> => {
  const component = await getComponent(componentId);
  if (!component) throw new NotFound(messages.componentNotFound);
  const fileName = sanitiseFileName(input.fileName);
  const fileType = input.fileType;
  const bytes = input.uploadKey === undefined ? decodeFileData(input.fileData ?? '') : undefined;
  if (bytes) checkFile({ fileName, fileType, size: bytes.length, head: bytes.subarray(0, SNIFF_BYTES) });

  const scope = `${user.id}:attachment`;
  const token =
    input.uploadKey !== undefined
      ? `upload:${input.uploadKey}`
      : (clientToken ?? `file:${componentId}:${fileName}:${sha256(bytes!.toString('base64'))}`);
  const dropUpload = async () => {
    if (input.uploadKey !== undefined) await deleteFileQuietly(input.uploadKey, 'a claimed upload');
  };
  const fingerprint = fingerprintOf({
    componentId,
    fileName,
    fileType,
    file: input.uploadKey !== undefined ? `upload:${input.uploadKey}` : sha256(bytes!.toString('base64')),
  });
  const earlier = await earlierAttachment(scope, token, fingerprint, componentId);
  if (earlier.filed) {
    await dropUpload();
    return earlier.filed;
  }

  const id = ulid();
  const objectKey = attachmentObjectKey(componentId, id, fileName);
  const headers = { contentType: fileType, fileName };
  let size: number;
  if (input.uploadKey !== undefined) {
    await claimUpload(user, input.uploadKey, objectKey, headers, 'attachment');
    const stored = await inspectFile(objectKey, SNIFF_BYTES);
    size = stored.size;
    try {
      checkFile({ fileName, fileType, ...stored });
      await assertPendingRoom(user.id, size, [input.uploadKey]);
    } catch (error) {
      // A refused file is of no further use: neither its copy nor the upload is kept (unless only
      // the user's storage was full: then the upload may be attached once there is room).
      await Promise.all([
        deleteFileQuietly(objectKey, 'a refused attachment'),
        error instanceof TooLarge && size <= ATTACHMENT_MAX_BYTES
          ? undefined
          : deleteFileQuietly(input.uploadKey, 'a refused upload'),
      ]);
      throw error;
    }
  } else {
    size = bytes!.length;
    await assertPendingRoom(user.id, size);
    await putFile(objectKey, bytes!, headers);
  }

  const requestId = ulid();
  const attachment: StoredAttachment = {
    id,
    componentId,
    fileName,
    fileType,
    size,
    objectKey,
    isApproved: false,
    uploadedByUserId: user.id,
    username: displayName(user),
    createdAt: new Date().toISOString(),
    requestId,
  };
  try {
    await submitRequest(
      user,
      {
        id: requestId,
        requestType: 'attachment',
        componentId,
        componentReference: component.reference,
        attachmentId: id,
        data: { fileName, fileType, componentId },
        pendingBytes: size,
      },
      [
        idempotencyClaimPut(
          scope,
          token,
          { id, requestId },
          { fingerprint, ...(earlier.stale && { replacing: earlier.stale }) },
        ),
        attachmentPut(attachment),
        pendingBytesReserve(user.id, size, pendingStorageQuota()),
        // Last, so the items above keep their places in a refusal.
        componentLiveCheck(componentId),
      ],
    );
  } catch (error) {
    // Unknown outcome: the row may have landed (or land yet) naming this object: keep it.
    if (!wasRefused(error)) throw error;
    const failed = failedConditions(error);
    if (failed.includes(0)) {
      // Another attempt with this token was filed meanwhile (or this one, retried inside the SDK).
      const landed = await earlierAttachment(scope, token, fingerprint, componentId);
      if (landed.filed) {
        if (landed.filed.attachmentId !== id) await deleteFileQuietly(objectKey, 'a second copy of an attachment');
        await dropUpload();
        return landed.filed;
      }
    }
    await deleteFileQuietly(objectKey, 'the file of an attachment that was not stored');
    if (failed.includes(2)) throw pendingStorageFull(await pendingStorageOf(user.id, [input.uploadKey ?? '']));
    // The part was deleted or merged into another meanwhile.
    if (failed.includes(3)) throw new NotFound(messages.componentNotFound);
    throw error;
  }
  await dropUpload();
  return { requestId, attachmentId: id };
};

/** A component's attachments the viewer may see, oldest first, without their bytes. */
export const attachmentsOf = async (viewer: User, componentId: number): Promise<Attachment[]> =>
  (await listAttachments(componentId)).filter((attachment) => canSee(viewer, attachment)).map(toAttachment);

/**
 * Deletes an attachment: its uploader while it is pending, or an administrator. Deleting a
 * pending attachment closes its request as rejected ('Attachment deleted') in the same
 * transaction, so the queue never offers to approve a file that is gone; when an administrator
 * deletes somebody's pending upload, the uploader is told as a rejection would tell them.
 */
export const deleteAttachmentAs = async (
  user: User,
  componentId: number,
  attachmentId: string,
): Promise<{ message: string }> => {
  const attachment = await getAttachment(componentId, attachmentId);
  if (!attachment || !canSee(user, attachment)) throw new NotFound(messages.attachmentNotFound);
  if (!isAdmin(user)) {
    if (attachment.isApproved) throw new Forbidden(messages.attachmentDeleteApproved);
    if (attachment.uploadedByUserId !== user.id) throw new Forbidden(messages.attachmentDeleteOthers);
  }
  const request = !attachment.isApproved && attachment.requestId ? await getRequest(attachment.requestId) : undefined;
  const closing: TransactItem[] = [];
  if (request?.status === 'pending') {
    const now = new Date().toISOString();
    const review = {
      status: 'rejected' as const,
      reviewedBy: displayName(user),
      reviewedByUserId: user.id,
      reviewNotes: messages.attachmentDeletedNote,
      reviewedAt: now,
    };
    closing.push(...requestReviewItems(request, review));
    if (request.userId !== user.id) {
      const notification = newNotification({
        type: 'error',
        title: 'Request rejected',
        message: messages.requestDecisionNotice(
          'attachment',
          requestSubject(request),
          'rejected',
          messages.attachmentDeletedNote,
        ),
        linkTo: paths.hub.component.href(componentId),
      });
      closing.push(notificationPut(request.userId, notification));
    }
  }
  const removal = [attachmentDeleteItem(componentId, attachmentId, { isApproved: attachment.isApproved }), ...closing];
  const removed = await conditionalWrite(() =>
    attachment.isApproved ? removeApprovedAttachment(user, attachment, removal) : transact(removal),
  );
  if (!removed) throw new Conflict(messages.attachmentChangedMeanwhile);
  // On AWS the bucket is versioned: the deleted object stays restorable for 30 days.
  await deleteFileQuietly(attachment.objectKey, 'a deleted attachment blob');
  return { message: messages.attachmentDeleted };
};

/**
 * Removing a published attachment is part of the part's history: the row goes in one
 * transaction with a version entry 'Attachment removed: <name>' that keeps what the file was and
 * where its bytes were (the part moves to that version; a concurrent change to it is read again
 * and the removal retried). A part that no longer exists has no history to extend.
 */
const removeApprovedAttachment = async (
  user: User,
  attachment: StoredAttachment,
  removal: TransactItem[],
): Promise<void> => {
  for (let attempt = 1; ; attempt++) {
    const component = await getComponent(attachment.componentId);
    if (!component) return transact(removal);
    const now = new Date().toISOString();
    const version = component.version + 1;
    const removed = await conditionalOutcome(
      async () => {
        await commitCatalogueChange(
          [component.id],
          [
            ...removal,
            componentVersionBump(component.id, component.version, now),
            versionPut(component.id, {
              versionNumber: version,
              changeDescription: messages.attachmentRemovedVersion(attachment.fileName),
              changedFields: [],
              previousData: {},
              changeData: {},
              username: displayName(user),
              createdAt: now,
              removedAttachment: {
                id: attachment.id,
                fileName: attachment.fileName,
                fileType: attachment.fileType,
                size: attachment.size,
                objectKey: attachment.objectKey,
              },
            }),
          ],
        );
        return true;
      },
      async (_failed, error) => {
        // The part moved to another version meanwhile (an approved edit): read it again.
        if (attempt >= 3 || !(await getAttachment(attachment.componentId, attachment.id))) throw error;
        return false;
      },
    );
    if (removed) return;
  }
};

/**
 * Where `GET /api/attachments/{id}/download` sends the browser; a pending file only for its
 * uploader and admins. `preview`: a PDF shown inline (from the bucket's origin) rather than saved;
 * any other type still downloads.
 */
export const attachmentDownloadLocation = async (viewer: User, id: string, preview = false): Promise<string> => {
  const attachment = await findAttachment(id);
  if (!attachment || !canSee(viewer, attachment)) throw new NotFound(messages.attachmentNotFound);
  // A link to a lost object would only show the browser an S3 error page.
  if (!(await fileExists(attachment.objectKey))) {
    await markAttachmentMissing(attachment.componentId, attachment.id);
    throw new Gone(messages.attachmentFileMissing(attachment.fileName));
  }
  return downloadUrl(
    attachment.objectKey,
    { contentType: attachment.fileType, fileName: attachment.fileName },
    preview && attachment.fileType === 'application/pdf',
  );
};
