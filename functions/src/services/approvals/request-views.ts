import type { ApprovalRequest } from '#shared/schemas/approvals';
import type { Component, ComponentField } from '#shared/schemas/component';
import type { DuplicateCandidate } from '#shared/schemas/duplicates';
import type { StoredRequest } from '#repositories/approval-requests';

/*
 * How a stored request is shown: its data in the shape the API has always had, with the part as
 * it is now (the fields changed since it was filed, or the part gone).
 */

export const nonNull = (data: Record<string, unknown>) =>
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

export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The request as the API has always answered it: requestData per type, the submitter's name, the review; plus the part
 * by reference, whether it still exists, and for a pending edit its values now beside the
 * proposed ones, with the fields that changed since the edit was proposed; a pending new part
 * with what it may duplicate, when that was looked for.
 */
export const toApprovalRequest = (
  request: StoredRequest,
  now: PartNow = { checked: false },
  possibleDuplicates?: DuplicateCandidate[],
): ApprovalRequest => {
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
    ...(request.distributorSource && { distributorSource: request.distributorSource }),
    ...(request.assignedGroups?.length && { assignedGroups: request.assignedGroups }),
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
    overrideReason: request.overrideReason ?? null,
    ...(possibleDuplicates?.length && { possibleDuplicates }),
  };
};
