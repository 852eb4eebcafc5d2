import { httpHandler } from '#lib/http';
import { draftsOf } from '#services/drafts';

export const handler = httpHandler({
  handler: async ({ requireSession }) => draftsOf(requireSession().user),
});
