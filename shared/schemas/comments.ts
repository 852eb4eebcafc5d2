import * as z from 'zod';
import { messages } from '../messages';
import { safeText } from './text';

export const COMMENT_MAX_LENGTH = 5000;
export const COMMENT_AUTHOR_MAX_LENGTH = 100;

/**
 * `POST /api/components/{id}/comments` `{ username, comment, componentId }`. The author
 * name is free text; blank means the user's display name. componentId is ignored (the path says
 * which component), and the session says who wrote it.
 */
export const commentInputSchema = z.object({
  comment: safeText('Comment', { error: messages.commentRequired })
    .trim()
    .min(1, messages.commentRequired)
    .max(COMMENT_MAX_LENGTH, messages.commentTooLong(COMMENT_MAX_LENGTH)),
  username: safeText('Name', { error: messages.commentAuthorTooLong(COMMENT_AUTHOR_MAX_LENGTH) })
    .trim()
    .max(COMMENT_AUTHOR_MAX_LENGTH, messages.commentAuthorTooLong(COMMENT_AUTHOR_MAX_LENGTH))
    .nullish()
    .transform((name) => name || null),
});
export type CommentInput = z.output<typeof commentInputSchema>;

/** A comment as the API shows it. */
export interface Comment {
  id: string;
  componentId: number;
  username: string;
  comment: string;
  createdAt: string;
}
