import type { DuplicateCandidate } from '#shared/schemas/duplicates';
import { listPendingNewParts, type StoredRequest } from '#repositories/approval-requests';
import { askSearchHolder } from '../search/holder-client';
import type { PartIdentity } from '../search/holder-protocol';
import { canIdentify, likeness, ranked, type KnownIdentity, type ProposedIdentity } from './likeness';

/*
 * The duplicate candidates of a proposed part: catalogue parts, found by the search function through
 * its index's part-number keys (never a scan of the table), and pending new-part requests, each judged by
 * the rules in likeness.ts. Asked while someone types the Add form, and for the approval queue's
 * new-part requests.
 */

/** What a pending new-part request proposes, by what identifies a part. */
interface ProposedPart {
  id: string;
  reference: string;
  manufacturer: string | null;
  articleNumber: string | null;
}

const proposedBy = (request: Pick<StoredRequest, 'id' | 'data'>): ProposedPart => {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    id: request.id,
    reference: String(request.data.reference ?? ''),
    manufacturer: text(request.data.manufacturer),
    articleNumber: text(request.data.articleNumber),
  };
};

type Known = KnownIdentity & ({ kind: 'part'; id: number } | { kind: 'request'; id: string });

/** Those of `known` that may be the proposed part, as candidates. */
const alike = (proposed: ProposedIdentity, known: readonly Known[]): DuplicateCandidate[] =>
  known.flatMap((entry) => {
    const how = likeness(proposed, entry);
    if (!how) return [];
    const { kind, id, reference, manufacturer } = entry;
    return [{ kind, id, reference, manufacturer, exact: how === 'exact' } as DuplicateCandidate];
  });

const partsLike = (parts: readonly PartIdentity[], proposed: ProposedIdentity): DuplicateCandidate[] =>
  alike(
    proposed,
    parts.map((part) => ({ kind: 'part', ...part })),
  );

/** The catalogue parts that may be each of `questions`, from the search function in one invocation. */
const partsNear = async (questions: readonly ProposedIdentity[]): Promise<PartIdentity[][]> =>
  (
    await askSearchHolder({
      kind: 'part-number-neighbours',
      questions: questions.map(({ reference, articleNumber }) => ({
        reference: reference || null,
        articleNumber: articleNumber ?? null,
      })),
    })
  ).parts;

const requestsLike = (requests: readonly ProposedPart[], proposed: ProposedIdentity): DuplicateCandidate[] =>
  alike(
    proposed,
    requests.map((request) => ({ kind: 'request', ...request })),
  );

/** `GET /api/components/duplicates`: what may already be the part being typed. */
export const findDuplicates = async (proposed: ProposedIdentity): Promise<DuplicateCandidate[]> => {
  if (!canIdentify(proposed)) return [];
  const [[parts], pending] = await Promise.all([partsNear([proposed]), listPendingNewParts()]);
  return ranked([...partsLike(parts!, proposed), ...requestsLike(pending.map(proposedBy), proposed)]);
};

/**
 * For each pending new-part request among `requests`, the parts and the other pending new-part
 * requests (of those listed) it may duplicate; requests with none are left out.
 */
export const duplicatesOfPending = async (
  requests: readonly StoredRequest[],
): Promise<Map<string, DuplicateCandidate[]>> => {
  const proposals = requests
    .filter((request) => request.status === 'pending' && request.requestType === 'new')
    .map(proposedBy);
  const found = new Map<string, DuplicateCandidate[]>();
  if (proposals.length === 0) return found;
  const asked = proposals.filter((proposal) => canIdentify(proposal));
  if (asked.length === 0) return found;
  const near = await partsNear(asked);
  for (const [at, proposal] of asked.entries()) {
    const others = proposals.filter((other) => other.id !== proposal.id);
    const candidates = ranked([...partsLike(near[at]!, proposal), ...requestsLike(others, proposal)]);
    if (candidates.length) found.set(proposal.id, candidates);
  }
  return found;
};
