import { useEffect, useState } from 'react';
import type { DuplicateCandidate } from '#shared/schemas/duplicates';
import { useApiQuery } from './api-query.ts';

/*
 * What may already be the part someone is typing: GET /api/components/duplicates answers the
 * catalogue parts and pending new-part requests alike it (the same part as an import would
 * tell, or close to it), asked once the typing pauses.
 */

/** How long the typing must pause before the catalogue is asked. */
const TYPING_PAUSE_MS = 300;

export interface TypedIdentity {
  reference?: string;
  manufacturer?: string;
  articleNumber?: string;
}

/** The question for what has been typed; null when nothing typed can identify a part (a maker alone cannot). */
export const duplicatesKey = ({ reference, manufacturer, articleNumber }: TypedIdentity): string | null => {
  const typed = {
    reference: reference?.trim(),
    manufacturer: manufacturer?.trim(),
    articleNumber: articleNumber?.trim(),
  };
  if (!typed.reference && !typed.articleNumber) return null;
  const query = new URLSearchParams(
    Object.entries(typed).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return `/components/duplicates?${query}`;
};

/**
 * The candidates for what has been typed, asked once the typing pauses: `candidates` keeps the
 * last answer while a newer question is on its way (a list does not flicker with each keystroke),
 * and `current` says whether it answers what is typed now. Nothing typed that can identify a
 * part: no candidates.
 */
export const useDuplicateCandidates = (typed: TypedIdentity) => {
  const key = duplicatesKey(typed);
  const [asked, setAsked] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(key), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const { data } = useApiQuery<DuplicateCandidate[]>(asked);
  const [lastAnswer, setLastAnswer] = useState<DuplicateCandidate[]>();
  useEffect(() => {
    if (data) setLastAnswer(data);
  }, [data]);
  if (key === null) return { candidates: [] as DuplicateCandidate[], current: true };
  return { candidates: data ?? lastAnswer, current: asked === key && data !== undefined };
};

/**
 * Another part that already has this reference (case and separators aside, any maker), or
 * undefined; only once the answer is about the reference as typed now.
 */
export const useReferenceTakenBy = (reference: string, ownId?: number) => {
  const { candidates, current } = useDuplicateCandidates({ reference });
  if (!current) return undefined;
  return candidates?.find(
    (candidate): candidate is Extract<DuplicateCandidate, { kind: 'part' }> =>
      candidate.kind === 'part' && candidate.exact && candidate.id !== ownId,
  );
};
