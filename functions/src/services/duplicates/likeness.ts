import type { DuplicateCandidate } from '#shared/schemas/duplicates';
import { DUPLICATE_CANDIDATES_MAX } from '#shared/schemas/duplicates';
import { manufacturerKey, referenceKey } from '../import/part-identity';
import { oneEditApart } from '../search/folding';
import { ONE_EDIT_MIN_LENGTH } from '../search/neighbours';

/*
 * Whether a part (or a pending new-part request) may be the one someone proposes. The same part
 * is the import's rule: the same reference without case and separators ('PT 2,5' is 'PT2.5'),
 * and the same maker without case, or either maker blank. Close, worth a look but maybe
 * another part: the reference one character added, dropped or changed away with a maker that
 * agrees, the same reference under another maker's name (often the same maker spelled another
 * way), or the same article number with a maker that agrees. A maker alone tells nothing.
 */

export interface ProposedIdentity {
  reference?: string | null;
  manufacturer?: string | null;
  articleNumber?: string | null;
}

export interface KnownIdentity {
  reference: string;
  manufacturer: string | null;
  articleNumber?: string | null;
}

export type Likeness = 'exact' | 'close';

/** How alike a known part is to the proposed one; undefined when it is another part. */
export const likeness = (proposed: ProposedIdentity, known: KnownIdentity): Likeness | undefined => {
  const wanted = referenceKey(proposed.reference ?? '');
  const found = referenceKey(known.reference);
  const a = manufacturerKey(proposed.manufacturer);
  const b = manufacturerKey(known.manufacturer);
  const makersAgree = a === b || a === '' || b === '';
  if (wanted !== '' && wanted === found) return makersAgree ? 'exact' : 'close';
  if (!makersAgree) return undefined;
  if (wanted.length >= ONE_EDIT_MIN_LENGTH && oneEditApart(wanted, found)) return 'close';
  const article = referenceKey(proposed.articleNumber ?? '');
  if (article !== '' && article === referenceKey(known.articleNumber ?? '')) return 'close';
  return undefined;
};

/** Whether anything proposed can identify a part: a reference or an article number. */
export const canIdentify = (proposed: ProposedIdentity): boolean =>
  referenceKey(proposed.reference ?? '') !== '' || referenceKey(proposed.articleNumber ?? '') !== '';

/** The list as answered: the same part first, catalogue parts before requests, then by reference; at most the cap. */
export const ranked = (candidates: readonly DuplicateCandidate[]): DuplicateCandidate[] =>
  [...candidates]
    .sort(
      (x, y) =>
        Number(y.exact) - Number(x.exact) ||
        (x.kind === y.kind ? 0 : x.kind === 'part' ? -1 : 1) ||
        x.reference.localeCompare(y.reference) ||
        String(x.id).localeCompare(String(y.id), undefined, { numeric: true }),
    )
    .slice(0, DUPLICATE_CANDIDATES_MAX);
