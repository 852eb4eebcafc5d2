import { draftIdPathSchema } from '#shared/schemas/drafts';
import { httpHandler, reply } from '#lib/http';
import { removeDraft } from '#services/drafts';

export const handler = httpHandler({
  schema: { path: draftIdPathSchema },
  handler: async ({ path, requireSession }) => {
    await removeDraft(requireSession().user, path.id);
    return reply({ status: 204 });
  },
});
