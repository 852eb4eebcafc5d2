import {
  classChangeOf,
  describeClassChange,
  groupClassVariants,
  sortClassNames,
  type ClassListAnswer,
  type ClassListState,
} from '#shared/class-list';
import { listRequests } from '#repositories/approval-requests';
import { getClassChange, getClassList } from '#repositories/classes';
import { getClassReviewers, listClassReviewers, putClassReviewers } from '#repositories/class-reviewers';
import type { ClassReviewers } from '#shared/schemas/classes';
import { catalogueSummary } from './search/catalogue-mirror';
import type { SummaryIndex } from './search/catalogue-summary';

/*
 * The class list as administrators see it: the list they keep (or, until they keep one, the
 * catalogue's own classes), every class parts hold with how many hold it, and the names that are
 * likely one class spelled several ways. Changes to it are approval requests (filing.ts, and
 * approvals/class-changes.ts for what an approval does).
 */

/** Each class parts hold, as the options list it (trimmed), with how many parts hold it. */
export const classCounts = (index: Pick<SummaryIndex, 'valueCounts'>): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const { value, count } of index.valueCounts('class')) {
    const name = value.trim();
    if (name) counts.set(name, (counts.get(name) ?? 0) + count);
  }
  return counts;
};

export interface ClassListNow extends ClassListState {
  /** Whether administrators keep the list. */
  managed: boolean;
  /** The kept list's revision (0 while none is kept). */
  revision: number;
}

/** The list as it stands and the classes the catalogue's parts hold now. */
export const readClassListState = async (): Promise<ClassListNow> => {
  const [stored, index] = await Promise.all([getClassList(), catalogueSummary().current()]);
  const used = classCounts(index);
  return {
    listed: stored ? stored.classes : sortClassNames(used.keys()),
    used,
    managed: stored !== undefined,
    revision: stored?.revision ?? 0,
  };
};

/** `GET /api/admin/classes`: the list with part counts, variants, the change being applied and those waiting. */
export const listClasses = async (): Promise<ClassListAnswer> => {
  const [state, applying, pending] = await Promise.all([
    readClassListState(),
    getClassChange(),
    listRequests('pending'),
  ]);
  const listed = new Set(state.listed);
  const names = sortClassNames(new Set([...state.listed, ...state.used.keys()]));
  const partsOf = (name: string) => state.used.get(name) ?? 0;
  return {
    managed: state.managed,
    classes: names.map((name) => ({ name, parts: partsOf(name), listed: listed.has(name) })),
    // The most used spelling first: the likely name to keep.
    variantGroups: groupClassVariants(names).map((group) => [...group].sort((a, b) => partsOf(b) - partsOf(a))),
    applying: applying
      ? { requestId: applying.requestId, description: applying.description, moved: applying.moved }
      : null,
    pending: pending
      .filter((request) => request.requestType === 'class')
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .map((request) => {
        const change = classChangeOf(request.data);
        return {
          id: request.id,
          description: change ? describeClassChange(change) : 'Change the class list',
          username: request.username,
          createdAt: request.createdAt,
        };
      }),
  };
};

/*
 * Reviewer groups: a class may name groups (hub groups or single sign-on groups) whose reviewers
 * its requests go to first. Any librarian or administrator may still act on every request.
 */

/** `GET /api/admin/classes/reviewers`: every class that names reviewer groups, by class name. */
export const listReviewerGroups = async (): Promise<ClassReviewers[]> => {
  const entries = await listClassReviewers();
  const order = sortClassNames(entries.map((entry) => entry.className));
  return entries.sort((a, b) => order.indexOf(a.className) - order.indexOf(b.className));
};

/** `PUT /api/admin/classes/reviewers`: the class's groups, replacing those it named (none: it names none). */
export const setReviewerGroups = async (className: string, groups: readonly string[]): Promise<ClassReviewers> => {
  const reviewers = { className, groups: [...groups], updatedAt: new Date().toISOString() };
  await putClassReviewers(reviewers);
  return reviewers;
};

/** The groups whose reviewers a request about a part of `className` goes to first; none when it names none. */
export const reviewerGroupsOf = async (className: string | null | undefined): Promise<string[]> =>
  className?.trim() ? ((await getClassReviewers(className))?.groups ?? []) : [];
