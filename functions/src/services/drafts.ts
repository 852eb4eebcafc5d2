import { decodeTime, ulid } from 'ulid';
import { messages } from '#shared/messages';
import { componentFileFields } from '#shared/schemas/component';
import {
  DRAFT_FILE_MAX_AGE_MS,
  DRAFT_MAX_BYTES,
  DRAFTS_MAX_PER_USER,
  type CreateDraftInput,
  type Draft,
  type DraftContent,
  type UpdateDraftInput,
} from '#shared/schemas/drafts';
import { Conflict, NotFound, TooLarge } from '#lib/errors';
import { createDraft, deleteDraft, getDraft, listDrafts, updateDraft } from '#repositories/drafts';
import type { User } from '#repositories/users';
import { checkUploadKey } from './uploads';

/*
 * Drafts of the Add New Component form: each person keeps at most DRAFTS_MAX_PER_USER, each at
 * most DRAFT_MAX_BYTES, and sees only their own. A save is made from the revision its writer read,
 * and a save sent again after a lost answer is answered with what it made, never stored twice. A draft's files are upload keys of its author;
 * they are claimed only when the draft is submitted as a component.
 */

const tooLarge = () => {
  const message = messages.draftTooLarge(DRAFT_MAX_BYTES / 1024);
  return new TooLarge(message, { values: message });
};

/** Empty fields are not kept; a file must be one of the author's own uploads. */
const checkedContent = (user: User, content: DraftContent): DraftContent => {
  const values = Object.fromEntries(
    Object.entries(content.values).filter(([, value]) => value !== undefined && value.trim() !== ''),
  ) as DraftContent['values'];
  for (const field of componentFileFields) {
    const key = values[field];
    if (key) checkUploadKey(user, key);
  }
  const fileNames = Object.fromEntries(
    Object.entries(content.fileNames).filter(([field]) => values[field as keyof typeof values]),
  ) as DraftContent['fileNames'];
  const checked = { values, fileNames };
  if (Buffer.byteLength(JSON.stringify(checked)) > DRAFT_MAX_BYTES) throw tooLarge();
  return checked;
};

/** The draft as its author gets it: files whose upload may be cleared by now are set aside, and named. */
const forAuthor = (draft: Draft, now = Date.now()): Draft => {
  const expiredFiles = componentFileFields.filter((field) => {
    const key = draft.values[field];
    if (!key) return false;
    const uploadId = key.split('/')[2] ?? '';
    try {
      return now - decodeTime(uploadId) > DRAFT_FILE_MAX_AGE_MS;
    } catch {
      return true;
    }
  });
  if (!expiredFiles.length) return draft;
  const values = { ...draft.values };
  const fileNames = { ...draft.fileNames };
  for (const field of expiredFiles) {
    delete values[field];
    delete fileNames[field];
  }
  return { ...draft, values, fileNames, expiredFiles };
};

/** The user's drafts, the one saved last first. */
export const draftsOf = async (user: User): Promise<Draft[]> =>
  (await listDrafts(user.id))
    .map((draft) => forAuthor(draft))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id.localeCompare(a.id));

export const draftOf = async (user: User, id: string): Promise<Draft> => {
  const draft = await getDraft(user.id, id);
  if (!draft) throw new NotFound(messages.draftNotFound);
  return forAuthor(draft);
};

/** The same content, whatever order its fields were stored in. */
const sameContent = (a: DraftContent, b: DraftContent): boolean => {
  const canonical = (content: DraftContent) =>
    JSON.stringify([Object.entries(content.values).sort(), Object.entries(content.fileNames).sort()]);
  return canonical(a) === canonical(b);
};

/**
 * A new draft. The same save sent again (its answer was lost) finds the draft it made and answers
 * it; a different draft under the same id is refused.
 */
export const saveNewDraft = async (user: User, input: CreateDraftInput): Promise<Draft> => {
  const now = new Date();
  const content = checkedContent(user, { values: input.values, fileNames: input.fileNames });
  const id = input.id ?? ulid(now.getTime());
  const saved = await createDraft(user.id, id, content, now.toISOString(), DRAFTS_MAX_PER_USER);
  if (saved === 'full') throw new Conflict(messages.draftLimitReached(DRAFTS_MAX_PER_USER));
  if (saved === 'taken') {
    const existing = await getDraft(user.id, id);
    if (existing?.revision === 1 && sameContent(existing, content)) return forAuthor(existing);
    throw new Conflict(messages.draftChanged);
  }
  return forAuthor(saved);
};

export const saveDraft = async (user: User, id: string, input: UpdateDraftInput): Promise<Draft> => {
  const content = checkedContent(user, { values: input.values, fileNames: input.fileNames });
  const outcome = await updateDraft(user.id, id, content, input.revision, new Date().toISOString());
  if ('saved' in outcome) return forAuthor(outcome.saved);
  const { current } = outcome;
  if (!current) throw new NotFound(messages.draftNotFound);
  // This very save, sent again after its answer was lost, already made the next revision.
  if (current.revision === input.revision + 1 && sameContent(current, content)) return forAuthor(current);
  throw new Conflict(messages.draftChanged);
};

export const removeDraft = async (user: User, id: string): Promise<void> => {
  if (!(await deleteDraft(user.id, id))) throw new NotFound(messages.draftNotFound);
};
