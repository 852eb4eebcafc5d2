import { componentIdSchema } from '#shared/schemas/component';
import { httpHandler } from '#lib/http';
import { commentsOf } from '#services/comments';

export const handler = httpHandler({
  schema: { path: componentIdSchema },
  handler: async ({ path }) => commentsOf(path.id),
});
