import { httpHandler } from '#lib/http';
import { listWatches } from '#services/watches';

export const handler = httpHandler({
  handler: async ({ requireSession }) => listWatches(requireSession().user),
});
