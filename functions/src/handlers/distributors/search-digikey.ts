import { componentIdSchema } from '#shared/schemas/component';
import { httpHandler } from '#lib/http';
import { searchPartFiles } from '#services/distributors/part-search';

export const handler = httpHandler({
  schema: { path: componentIdSchema },
  handler: async ({ path, requireSession }) => searchPartFiles(requireSession().user, path.id, 'digikey'),
});
