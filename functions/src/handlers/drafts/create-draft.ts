import { createDraftSchema } from '#shared/schemas/drafts';
import { httpHandler, reply } from '#lib/http';
import { saveNewDraft } from '#services/drafts';

export const handler = httpHandler({
  schema: { body: createDraftSchema },
  handler: async ({ body, requireSession }) =>
    reply({ status: 201, body: await saveNewDraft(requireSession().user, body) }),
});
