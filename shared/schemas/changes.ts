import * as z from 'zod';

/*
 * The change log: every change the catalogue took (approved requests, imports, merges), newest
 * first, with who proposed it, who approved it, when, the part and the fields.
 */

/** What a change did; `lifecycle` is an edit of the lifecycle alone. */
export const changeKinds = [
  'new',
  'edit',
  'delete',
  'attachment',
  'link',
  'class',
  'lifecycle',
  'import',
  'merge',
] as const;
export type ChangeKind = (typeof changeKinds)[number];

export const changeKindLabels: Record<ChangeKind, string> = {
  new: 'New part',
  edit: 'Edit',
  delete: 'Deletion',
  attachment: 'File',
  link: 'Link',
  class: 'Class list',
  lifecycle: 'Lifecycle',
  import: 'Import',
  merge: 'Merge',
};

export const CHANGES_PAGE_DEFAULT = 25;
export const CHANGES_PAGE_MAX = 100;

const day = (what: string) => z.iso.date({ error: `${what} must be a date (YYYY-MM-DD)` }).optional();

/** `GET /api/changes?user=&class=&kind=&from=&to=&limit=&offset=`; from and to are whole days (UTC), both included. */
export const changesQuerySchema = z
  .object({
    /** A person's user id: the changes they proposed or approved. */
    user: z.string().trim().min(1).max(64).optional(),
    class: z.string().trim().min(1).max(200).optional(),
    kind: z.enum(changeKinds, { error: `kind must be one of ${changeKinds.join(', ')}` }).optional(),
    from: day('from'),
    to: day('to'),
    limit: z.coerce.number().int().min(1).max(CHANGES_PAGE_MAX).default(CHANGES_PAGE_DEFAULT),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type ChangesQuery = z.output<typeof changesQuerySchema>;

export interface ChangePerson {
  id: string;
  name: string;
}

/** One change as the log answers it. */
export interface ChangeEntry {
  id: string;
  /** When it took effect (ISO). */
  at: string;
  kind: ChangeKind;
  /** The part it changed; null for a change of the class list or an import's summary. */
  componentId: number | null;
  componentReference: string | null;
  componentClass: string | null;
  fields: string[];
  /** In words: 'Updated description, width', 'Linked: mates with 350220-1' ... */
  summary: string;
  proposedBy: ChangePerson;
  /** Who approved it; the same person for a change made directly (a merge, an import). */
  approvedBy: ChangePerson;
  /** The approval request it came from, if any. */
  requestId: string | null;
  /** An administrator decided their own request: why. */
  overrideReason?: string;
}
