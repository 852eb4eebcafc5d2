import { ulid } from 'ulid';
import { messages } from '#shared/messages';
import type { Comment, CommentInput } from '#shared/schemas/comments';
import { NotFound } from '#lib/errors';
import { getComponent } from '#repositories/components';
import { listComments, putComment, type StoredComment } from '#repositories/comments';
import type { User } from '#repositories/users';
import { displayName } from './user-names';

const toComment = ({ id, componentId, username, comment, createdAt }: StoredComment): Comment => ({
  id,
  componentId,
  username,
  comment,
  createdAt,
});

/** A component's comments, newest first. */
export const commentsOf = async (componentId: number): Promise<Comment[]> =>
  (await listComments(componentId)).map(toComment);

/**
 * Adds a comment. The author name is what the writer typed, or their display name when blank
 * (never a fixed 'Guest User': attribution must be real); who really wrote it is stored beside it.
 */
export const addComment = async (author: User, componentId: number, input: CommentInput): Promise<Comment> => {
  if (!(await getComponent(componentId))) throw new NotFound(messages.componentNotFound);
  const now = new Date();
  const comment: StoredComment = {
    id: ulid(now.getTime()),
    componentId,
    username: input.username ?? displayName(author),
    comment: input.comment,
    createdAt: now.toISOString(),
    userId: author.id,
  };
  // The part was deleted or merged away meanwhile.
  if (!(await putComment(comment))) throw new NotFound(messages.componentNotFound);
  return toComment(comment);
};
