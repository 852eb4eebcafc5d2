import type { DuplicateCandidate } from '#shared/schemas/duplicates';
import { listPendingNewParts, type ProposedPart, type StoredRequest } from '#repositories/approval-requests';
import { catalogueSearch } from '../search/catalogue-search';
import type { SearchIndex } from '../search/search-index';
import { canIdentify, likeness, ranked, type ProposedIdentity } from './likeness';

/*
 * The duplicate candidates of a proposed part: catalogue parts, found through the search index's
 * part-number keys (never a scan of the table), and pending new-part requests, each judged by
 * the rules in likeness.ts. Asked while someone types the Add form, and for the approval queue's
 * new-part requests.
 */

/** Parts looked at per question, at most: more alike than this is a catalogue problem of its own. */
const PARTS_CONSIDERED = 200;

const partsLike = (index: SearchIndex, proposed: ProposedIdentity): DuplicateCandidate[] => {
  const ids = new Set([
    ...(proposed.reference ? index.partNumberNeighbours('reference', proposed.reference, 'one-edit') : []),
    ...(proposed.articleNumber ? index.partNumberNeighbours('articleNumber', proposed.articleNumber, 'same') : []),
  ]);
  return index.components([...ids].slice(0, PARTS_CONSIDERED)).flatMap((part): DuplicateCandidate[] => {
    const alike = likeness(proposed, part);
    if (!alike) return [];
    return [
      {
        kind: 'part',
        id: part.id,
        reference: part.reference,
        manufacturer: part.manufacturer,
        exact: alike === 'exact',
      },
    ];
  });
};

const requestsLike = (requests: readonly ProposedPart[], proposed: ProposedIdentity): DuplicateCandidate[] =>
  requests.flatMap((request): DuplicateCandidate[] => {
    const alike = likeness(proposed, request);
    if (!alike) return [];
    return [
      {
        kind: 'request',
        id: request.id,
        reference: request.reference,
        manufacturer: request.manufacturer,
        exact: alike === 'exact',
      },
    ];
  });

/** `GET /api/components/duplicates`: what may already be the part being typed. */
export const findDuplicates = async (proposed: ProposedIdentity): Promise<DuplicateCandidate[]> => {
  if (!canIdentify(proposed)) return [];
  const [index, pending] = await Promise.all([catalogueSearch().current(), listPendingNewParts()]);
  return ranked([...partsLike(index, proposed), ...requestsLike(pending, proposed)]);
};

const proposedBy = (request: StoredRequest): ProposedPart => {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    id: request.id,
    reference: String(request.data.reference ?? ''),
    manufacturer: text(request.data.manufacturer),
    articleNumber: text(request.data.articleNumber),
  };
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
  const index = await catalogueSearch().current();
  for (const proposal of proposals) {
    if (!canIdentify(proposal)) continue;
    const others = proposals.filter((other) => other.id !== proposal.id);
    const candidates = ranked([...partsLike(index, proposal), ...requestsLike(others, proposal)]);
    if (candidates.length) found.set(proposal.id, candidates);
  }
  return found;
};
