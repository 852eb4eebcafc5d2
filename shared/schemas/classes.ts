import * as z from 'zod';
import type { ClassChange } from '../class-list';
import { messages } from '../messages';
import { COMPONENT_TEXT_MAX_LENGTH } from './component';
import { safeText } from './text';
import { groupListSchema } from './users';

/*
 * The body of a class-list change (`POST /api/admin/classes`): what it does and the names it
 * gives. Whether it fits the list as it stands is class-list.ts's `classChangeProblem`.
 */

/** The longest name a new class may get (an existing class is named as it is stored). */
export const CLASS_NAME_MAX_LENGTH = 100;
/** The most classes one merge takes. */
export const CLASS_MERGE_MAX = 50;

const newClassName = safeText('Class name', { error: messages.classNameRequired })
  .trim()
  .min(1, messages.classNameRequired)
  .max(CLASS_NAME_MAX_LENGTH, messages.classNameTooLong(CLASS_NAME_MAX_LENGTH));

const existingClassName = safeText('Class', { error: messages.classNameRequired })
  .trim()
  .min(1, messages.classNameRequired)
  .max(COMPONENT_TEXT_MAX_LENGTH, messages.classNameTooLong(COMPONENT_TEXT_MAX_LENGTH));

export const addClassSchema = z.object({ action: z.literal('add'), name: newClassName });

export const renameClassSchema = z
  .object({ action: z.literal('rename'), from: existingClassName, to: newClassName })
  .refine((change) => change.to !== change.from, { path: ['to'], message: messages.classRenameSame });

export const mergeClassesSchema = z.object({
  action: z.literal('merge'),
  classes: z
    .array(existingClassName, { error: messages.classMergeTooFew })
    .max(CLASS_MERGE_MAX, messages.classMergeTooMany(CLASS_MERGE_MAX))
    .transform((names) => [...new Set(names)])
    .refine((names) => names.length >= 2, messages.classMergeTooFew),
  into: newClassName,
});

/** `POST /api/admin/classes`: a change of the class list, filed for review. */
export const classChangeSchema: z.ZodType<ClassChange, unknown> = z.discriminatedUnion(
  'action',
  [addClassSchema, renameClassSchema, mergeClassesSchema],
  { error: 'action must be add, rename or merge' },
);

/** `PUT /api/admin/classes/reviewers`: the groups whose reviewers a class's requests go to first (none: everyone's). */
export const classReviewersSchema = z.object({ className: existingClassName, groups: groupListSchema });
export type ClassReviewersInput = z.infer<typeof classReviewersSchema>;

/** A class that names reviewer groups, as `GET /api/admin/classes/reviewers` lists it. */
export interface ClassReviewers {
  className: string;
  groups: string[];
  updatedAt: string;
}
