import { componentIdSchema } from '#shared/schemas/component';
import { httpHandler } from '#lib/http';
import { linksOf } from '#services/links';

export const handler = httpHandler({
  schema: { path: componentIdSchema },
  handler: async ({ path }) => linksOf(path.id),
});
