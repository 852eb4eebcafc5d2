import * as z from 'zod';
import { messages } from '../messages';
import { componentFields, componentFileFields, type ComponentField, type ComponentFileField } from './component';

/*
 * Drafts of the Add New Component form, kept on the server for their author only. A draft holds
 * what was typed exactly as typed (text, half-finished numbers included), so every field is a
 * string; its files are the upload keys the form already holds, with the names chosen.
 */

/** The most drafts one person keeps at a time. */
export const DRAFTS_MAX_PER_USER = 20;
/** The most one draft may hold, counted as the JSON of its values and file names. */
export const DRAFT_MAX_BYTES = 64 * 1024;
/** The longest one field may be in a draft (the description's limit, with room for typing past it). */
const DRAFT_VALUE_MAX_LENGTH = 10_000;

/** Every field of the form: the component's fields but `username`, which is the session's user. */
export type DraftField = Exclude<ComponentField, 'username'>;
export const draftFields = componentFields.filter((field): field is DraftField => field !== 'username');

const draftFieldSet = new Set<string>(draftFields);
const fileFieldSet = new Set<string>(componentFileFields);

export const draftContentSchema = z
  .object({
    values: z
      .record(z.string(), z.string().max(DRAFT_VALUE_MAX_LENGTH, messages.draftTooLarge(DRAFT_MAX_BYTES / 1024)))
      .refine((values) => Object.keys(values).every((key) => draftFieldSet.has(key)), messages.draftFieldUnknown),
    fileNames: z
      .record(z.string(), z.string().max(255))
      .refine((names) => Object.keys(names).every((key) => fileFieldSet.has(key)), messages.draftFieldUnknown)
      .default({}),
  })
  .strict();
export type DraftContent = {
  values: Partial<Record<DraftField, string>>;
  fileNames: Partial<Record<ComponentFileField, string>>;
};

const draftId = z
  .string()
  .regex(/^[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{26}$/, messages.draftNotFound)
  .transform((id) => id.toUpperCase());

/**
 * `POST /api/drafts`: a new draft. The form may name the new draft's id itself (a ulid), so that
 * sending the same save again after an answer that never came stores it once.
 */
export const createDraftSchema = draftContentSchema.extend({ id: draftId.optional() });
export type CreateDraftInput = DraftContent & { id?: string };

/**
 * `PUT /api/drafts/{id}`: the draft's new content, and the revision it was read at, so a save
 * from a window holding an older copy does not silently undo a newer one.
 */
export const updateDraftSchema = draftContentSchema.extend({
  revision: z.number().int().positive(),
});
export type UpdateDraftInput = DraftContent & { revision: number };

export const draftIdPathSchema = z.object({ id: draftId });

/**
 * Uploads wait in the bucket for a day before they are cleared; a draft's file uploaded longer ago
 * than this is no longer offered, and the form asks for it again.
 */
export const DRAFT_FILE_MAX_AGE_MS = 20 * 60 * 60 * 1000;

export interface Draft extends DraftContent {
  id: string;
  /** Files the draft held that are too old to submit (cleared from `values`); chosen again in the form. */
  expiredFiles?: ComponentFileField[];
  /** One more with each save. */
  revision: number;
  createdAt: string;
  updatedAt: string;
}

/** How a draft is named in lists: its reference, else what it is. */
export const draftTitle = (draft: Pick<Draft, 'values'>): string => draft.values.reference?.trim() || 'Untitled draft';
