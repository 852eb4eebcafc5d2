import { componentFileFields } from '#shared/schemas/component';
import type { StoredRequest } from '#repositories/approval-requests';
import { discardAttachment } from './attachment-files';
import { deleteFileQuietly } from './file-store';

/** The bucket keys a new-component request holds: its claimed copies under `requests/<id>/`. */
export const requestFileKeys = (request: Pick<StoredRequest, 'id' | 'data'>): string[] =>
  componentFileFields.flatMap((field) => {
    const value = request.data[field];
    return typeof value === 'string' && value.startsWith(`requests/${request.id}/`) ? [value] : [];
  });

/**
 * Deletes what a request that will never be applied kept in the bucket, once it is closed:
 * a rejected or withdrawn new-component request's files, an attachment request's file and row.
 * Safe to call again (what is gone stays gone); leftovers of a failed call are found by the
 * reconciliation. The request must already be closed: an approved request's files are the
 * catalogue's, and a pending one's are still under review.
 */
export const discardRequestFiles = async (request: StoredRequest): Promise<void> => {
  if (request.status === 'pending' || request.status === 'approved')
    throw new Error(`discardRequestFiles: request ${request.id} is ${request.status}, not closed unapplied`);
  if (request.requestType === 'attachment' && request.componentId !== undefined && request.attachmentId)
    await discardAttachment(request.componentId, request.attachmentId);
  if (request.requestType === 'new')
    await Promise.all(
      requestFileKeys(request).map((key) => deleteFileQuietly(key, 'a file of a closed new-component request')),
    );
};
