import type { RequestType } from '#shared/schemas/approvals';
import type { StoredRequest } from '#repositories/approval-requests';

/** How a request's kind reads inside a sentence: 'Your edit request ...'. */
export const requestTypeWords: Record<RequestType, string> = {
  new: 'new component',
  edit: 'edit',
  attachment: 'attachment',
  delete: 'deletion',
  link: 'link',
};

/** The same with its article: 'alice submitted an edit request ...'. */
export const requestTypeWithArticle: Record<RequestType, string> = {
  new: 'a new component',
  edit: 'an edit',
  attachment: 'an attachment',
  delete: 'a deletion',
  link: 'a link',
};

/** The part a request is about, by its reference (a new part's own, else the part's when the request was made). */
export const requestReference = (request: Pick<StoredRequest, 'data' | 'componentReference' | 'componentId'>) =>
  request.componentReference ??
  (typeof request.data.reference === 'string' && request.data.reference !== ''
    ? request.data.reference
    : request.componentId !== undefined
      ? `component ${request.componentId}`
      : 'a new component');

/** What a request concerns in a sentence: the reference, and an upload's file name. */
export const requestSubject = (
  request: Pick<StoredRequest, 'data' | 'componentReference' | 'componentId' | 'requestType'>,
) => {
  const reference = requestReference(request);
  return request.requestType === 'attachment' && typeof request.data.fileName === 'string'
    ? `${reference} (${request.data.fileName})`
    : reference;
};
