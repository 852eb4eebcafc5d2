import { classReviewersSchema } from '#shared/schemas/classes';
import { httpHandler } from '#lib/http';
import { setReviewerGroups } from '#services/classes';

export const handler = httpHandler({
  schema: { body: classReviewersSchema },
  handler: async ({ body }) => setReviewerGroups(body.className, body.groups),
});
