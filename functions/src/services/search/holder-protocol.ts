import { z } from 'zod';
import { unreadValueSchema } from '#shared/schemas/component';
import { exportAnswerSchema, type ExportQuery } from '#shared/schemas/exports';

/*
 * What the other functions ask the search function, the one that holds the index, and what it
 * answers: a Lambda invocation whose event carries `searchHolder`, never an API Gateway event.
 * Answers stay small (a payload is at most 6 MB): ids and a few fields, never whole parts; an
 * export is written to the bucket by the holder, which answers only where the file is.
 */

/** A part as the duplicate check compares it. */
export const identitySchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  manufacturer: z.string().nullable(),
  articleNumber: z.string().nullable(),
});
export type PartIdentity = z.output<typeof identitySchema>;

/** Parts looked at per duplicate question, at most: more alike than this is a catalogue problem of its own. */
export const PARTS_CONSIDERED = 200;
/** Duplicate questions in one invocation, at most (the approval queue asks for a page of requests). */
const QUESTIONS_MAX = 500;

export const holderRequestSchema = z.discriminatedUnion('kind', [
  // For each question, the parts whose reference is a neighbour of it or whose article number is the same.
  z.object({
    kind: z.literal('part-number-neighbours'),
    questions: z
      .array(z.object({ reference: z.string().nullable(), articleNumber: z.string().nullable() }))
      .max(QUESTIONS_MAX),
  }),
  // The current and wire texts no number could be read from.
  z.object({ kind: z.literal('unread-values') }),
  // The parts of a class (case ignored; every part when null), at most `limit`.
  z.object({
    kind: z.literal('class-members'),
    componentClass: z.string().nullable(),
    limit: z.number().int().min(1),
  }),
  // The one part other than `except` whose reference is this one written another way.
  z.object({ kind: z.literal('reference-match'), reference: z.string(), except: z.number().int() }),
  // An export written to the bucket by the holder. The query was checked by the route that asks.
  z.object({
    kind: z.literal('export'),
    userId: z.string(),
    query: z.custom<ExportQuery>((value) => typeof value === 'object' && value !== null),
    now: z.iso.datetime(),
  }),
]);
export type HolderRequest = z.output<typeof holderRequestSchema>;

export const holderAnswerSchemas = {
  'part-number-neighbours': z.object({ parts: z.array(z.array(identitySchema)) }),
  'unread-values': z.object({ values: z.array(unreadValueSchema) }),
  'class-members': z.object({ ids: z.array(z.number().int()) }),
  'reference-match': z.object({ id: z.number().int().nullable() }),
  export: exportAnswerSchema,
} satisfies Record<HolderRequest['kind'], z.ZodType>;
export type HolderAnswer<K extends HolderRequest['kind']> = z.output<(typeof holderAnswerSchemas)[K]>;

/** The event of an internal invocation. */
export interface HolderEvent {
  searchHolder: unknown;
}

export const isHolderEvent = (event: unknown): event is HolderEvent =>
  typeof event === 'object' && event !== null && 'searchHolder' in event;
