import { commentInputSchema } from '#shared/schemas/comments';
import { componentIdSchema } from '#shared/schemas/component';
import { httpHandler, reply } from '#lib/http';
import { addComment } from '#services/comments';

export const handler = httpHandler({
  schema: { path: componentIdSchema, body: commentInputSchema },
  handler: async ({ path, body, requireSession }) =>
    reply({ status: 201, body: await addComment(requireSession().user, path.id, body) }),
});
