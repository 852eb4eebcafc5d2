import { ulid } from 'ulid';
import type { ChangeEntry, ChangeKind, ChangesQuery } from '#shared/schemas/changes';
import { inFieldOrder } from '#shared/schemas/component';
import { countChangesByDay, listChangesIn, type ChangeViewFilter } from '#repositories/changes';
import type { StoredRequest } from '#repositories/approval-requests';
import type { User } from '#repositories/users';
import { requestReference, requestSubject } from './request-texts';
import { displayName } from './user-names';

/*
 * The catalogue's change log: an entry for every change taken, written with the change itself,
 * and the log read back by person, class, kind and days, a page at a time.
 */

const FIRST_DAY = '0000-01-01';
const LAST_DAY = '9999-12-31';

const person = (user: User) => ({ id: user.id, name: displayName(user) });

/** The fields an edit proposes (the submitter's name travels with them and is no field). */
const proposedFields = (data: Record<string, unknown>) =>
  inFieldOrder(Object.keys(data).filter((field) => field !== 'username'));

const kindOf = (request: StoredRequest): ChangeKind => {
  if (request.requestType !== 'edit') return request.requestType;
  const fields = proposedFields(request.data);
  return fields.length === 1 && fields[0] === 'lifecycle' ? 'lifecycle' : 'edit';
};

const summaryOf = (request: StoredRequest, kind: ChangeKind, fields: string[]): string => {
  switch (kind) {
    case 'new':
      return 'Created';
    case 'edit':
      return request.revertOf !== undefined
        ? `Reverted ${fields.join(', ')} to version ${request.revertOf}`
        : `Updated ${fields.join(', ')}`;
    case 'lifecycle':
      return `Lifecycle set to ${String(request.data.lifecycle)}`;
    case 'delete':
      return 'Deleted';
    case 'attachment':
      return `Published file ${String(request.data.fileName ?? '')}`.trim();
    default:
      return requestSubject(request);
  }
};

const fieldsOf = (request: StoredRequest, kind: ChangeKind): string[] => {
  if (kind === 'new' || kind === 'edit' || kind === 'lifecycle') return proposedFields(request.data);
  if (kind === 'attachment') return ['attachments'];
  if (kind === 'link') return ['links'];
  if (kind === 'class') return ['class'];
  return [];
};

/**
 * The log's entry for an approved request: its part (the new part's id once it has one), the
 * part's class as it is (`componentClass`, read by the caller where the request does not carry
 * it), who proposed and who approved it.
 */
export const approvedChangeEntry = (
  request: StoredRequest,
  reviewer: User,
  at: string,
  part: { componentId: number | null; componentClass: string | null },
  overrideReason?: string,
): ChangeEntry => {
  const kind = kindOf(request);
  const fields = fieldsOf(request, kind);
  return {
    id: ulid(new Date(at).getTime()),
    at,
    kind,
    componentId: part.componentId,
    componentReference: request.requestType === 'class' ? null : requestReference(request),
    componentClass: part.componentClass,
    fields,
    summary: request.requestType === 'link' ? `Link: ${requestSubject(request)}` : summaryOf(request, kind, fields),
    proposedBy: { id: request.userId, name: request.username },
    approvedBy: person(reviewer),
    requestId: request.id,
    ...(overrideReason && { overrideReason }),
  };
};

/** The log's entry for a change made directly by a librarian or an administrator (a merge, an import). */
export const directChangeEntry = (
  actor: User,
  at: string,
  change: Pick<ChangeEntry, 'kind' | 'componentId' | 'componentReference' | 'componentClass' | 'fields' | 'summary'>,
): ChangeEntry => madeChangeEntry({ proposedBy: person(actor), approvedBy: person(actor) }, at, change);

/**
 * The log's entry for a change made without a request by people known by id and name only (an
 * import: who made it proposed it, who committed it approved it).
 */
export const madeChangeEntry = (
  people: Pick<ChangeEntry, 'proposedBy' | 'approvedBy'>,
  at: string,
  change: Pick<ChangeEntry, 'kind' | 'componentId' | 'componentReference' | 'componentClass' | 'fields' | 'summary'>,
): ChangeEntry => ({
  id: ulid(new Date(at).getTime()),
  at,
  ...change,
  ...people,
  requestId: null,
});

/**
 * One page of the log, newest first, and how many changes match. The view read is the most
 * selective one asked for (a person, else a class, each with the kind if one is asked for, else
 * a kind, else every change); its day counts give the total and the day the page starts on, so a
 * page far back reads only its own entries. A class asked for with a person is applied while
 * that person's view is read.
 */
export const listChanges = async (query: ChangesQuery): Promise<{ entries: ChangeEntry[]; total: number }> => {
  const view: ChangeViewFilter = {
    ...(query.user !== undefined ? { user: query.user } : query.class !== undefined && { class: query.class }),
    ...(query.kind !== undefined && { kind: query.kind }),
  };
  const also: ChangeViewFilter = {
    ...(query.class !== undefined && view.class === undefined && { class: query.class }),
  };
  const range = { fromDay: query.from ?? FIRST_DAY, toDay: query.to ?? LAST_DAY };

  if (Object.keys(also).length > 0) {
    const all = await listChangesIn(view, range, { also });
    return { entries: all.slice(query.offset, query.offset + query.limit), total: all.length };
  }

  const days = await countChangesByDay(view, range.fromDay, range.toDay);
  const total = days.reduce((sum, day) => sum + day.changes, 0);
  let before = 0;
  let start = 0;
  while (start < days.length && before + days[start]!.changes <= query.offset) before += days[start++]!.changes;
  if (start >= days.length) return { entries: [], total };
  const entries = await listChangesIn(
    view,
    { fromDay: range.fromDay, toDay: days[start]!.day },
    { skip: query.offset - before, take: query.limit },
  );
  return { entries, total };
};
