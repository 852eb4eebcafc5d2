import type { RequestType } from '#shared/schemas/approvals';
import { classChangeOf, describeClassChange } from '#shared/class-list';
import type { StoredRequest } from '#repositories/approval-requests';

/** How a request's kind reads inside a sentence: 'Your edit request ...'. */
export const requestTypeWords: Record<RequestType, string> = {
  new: 'new component',
  edit: 'edit',
  attachment: 'attachment',
  delete: 'deletion',
  link: 'link',
  class: 'class change',
};

/** The same with its article: 'alice submitted an edit request ...'. */
export const requestTypeWithArticle: Record<RequestType, string> = {
  new: 'a new component',
  edit: 'an edit',
  attachment: 'an attachment',
  delete: 'a deletion',
  link: 'a link',
  class: 'a class change',
};

/**
 * The part a request is about, by its reference (a new part's own, else the part's when the
 * request was made); a class change, which concerns no one part, says what it changes.
 */
export const requestReference = (
  request: Pick<StoredRequest, 'data' | 'componentReference' | 'componentId' | 'requestType'>,
) =>
  classChangeText(request) ??
  request.componentReference ??
  (typeof request.data.reference === 'string' && request.data.reference !== ''
    ? request.data.reference
    : request.componentId !== undefined
      ? `component ${request.componentId}`
      : 'a new component');

const classChangeText = (request: Pick<StoredRequest, 'requestType' | 'data'>): string | undefined => {
  if (request.requestType !== 'class') return undefined;
  const change = classChangeOf(request.data);
  return change ? describeClassChange(change, 'in-sentence') : 'the class list';
};

/** What a request concerns in a sentence: the reference, and an upload's file name. */
export const requestSubject = (
  request: Pick<StoredRequest, 'data' | 'componentReference' | 'componentId' | 'requestType'>,
) => {
  const reference = requestReference(request);
  return request.requestType === 'attachment' && typeof request.data.fileName === 'string'
    ? `${reference} (${request.data.fileName})`
    : reference;
};
