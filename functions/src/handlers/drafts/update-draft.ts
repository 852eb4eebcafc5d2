import { draftIdPathSchema, updateDraftSchema } from '#shared/schemas/drafts';
import { httpHandler } from '#lib/http';
import { saveDraft } from '#services/drafts';

export const handler = httpHandler({
  schema: { path: draftIdPathSchema, body: updateDraftSchema },
  handler: async ({ path, body, requireSession }) => saveDraft(requireSession().user, path.id, body),
});
