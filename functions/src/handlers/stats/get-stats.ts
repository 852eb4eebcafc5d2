import { httpHandler } from '#lib/http';
import { getCatalogueStats } from '#services/components';

export const handler = httpHandler({
  handler: async ({ requireSession }) => getCatalogueStats(requireSession().user),
});
