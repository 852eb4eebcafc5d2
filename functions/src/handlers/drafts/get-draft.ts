import { draftIdPathSchema } from '#shared/schemas/drafts';
import { httpHandler } from '#lib/http';
import { draftOf } from '#services/drafts';

export const handler = httpHandler({
  schema: { path: draftIdPathSchema },
  handler: async ({ path, requireSession }) => draftOf(requireSession().user, path.id),
});
