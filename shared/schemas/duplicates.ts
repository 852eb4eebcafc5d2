import * as z from 'zod';
import { messages } from '../messages';
import { COMPONENT_TEXT_MAX_LENGTH, componentFieldLabels } from './component';
import { safeText } from './text';

/*
 * Duplicates: the catalogue parts and pending new-part requests that look like a part being
 * proposed, and the merge of two parts that turned out to be one.
 */

/** The most candidates one answer lists (the same part first). */
export const DUPLICATE_CANDIDATES_MAX = 10;

const identityText = (field: 'reference' | 'manufacturer' | 'articleNumber') =>
  safeText(componentFieldLabels[field], { error: messages.textInvalid(componentFieldLabels[field]) })
    .trim()
    .max(COMPONENT_TEXT_MAX_LENGTH, messages.textTooLong(componentFieldLabels[field], COMPONENT_TEXT_MAX_LENGTH))
    .optional()
    .transform((value) => value || undefined);

/** `GET /api/components/duplicates?reference=&manufacturer=&articleNumber=`: what has been typed so far. */
export const duplicatesQuerySchema = z.object({
  reference: identityText('reference'),
  manufacturer: identityText('manufacturer'),
  articleNumber: identityText('articleNumber'),
});
export type DuplicatesQuery = z.output<typeof duplicatesQuerySchema>;

/**
 * A part or a pending new-part request that may be the one proposed. `exact`: the same part as
 * an import tells parts apart (the reference without case and separators, and the maker, or
 * either maker blank); otherwise close: one character of the reference away, the same reference
 * of another maker, or the same article number.
 */
export type DuplicateCandidate =
  | { kind: 'part'; id: number; reference: string; manufacturer: string | null; exact: boolean }
  | { kind: 'request'; id: string; reference: string; manufacturer: string | null; exact: boolean };

/** `POST /api/components/{id}/merge` `{ intoId }`: the part of the path goes into `intoId`, which stays. */
export const mergeInputSchema = z.object({
  intoId: z
    .union([z.number(), z.string()], { error: messages.mergeIdInvalid })
    .transform((value) => (typeof value === 'string' && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : value))
    .pipe(z.number({ error: messages.mergeIdInvalid }).int(messages.mergeIdInvalid).positive(messages.mergeIdInvalid)),
});
export type MergeInput = z.output<typeof mergeInputSchema>;

/** What a merge answers: the part that stays, at its new version, and the one merged into it. */
export interface MergeResult {
  mergedId: number;
  intoId: number;
  /** The survivor's version that records the merge. */
  version: number;
}

/** `GET /api/components/{id}` of a merged part: 301 to the part it went into, with this body. */
export interface MovedComponent {
  message: string;
  movedTo: number;
}
