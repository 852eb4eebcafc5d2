import { componentIdSchema } from '#shared/schemas/component';
import { httpHandler } from '#lib/http';
import { getComponentById } from '#services/components';

export const handler = httpHandler({
  schema: { path: componentIdSchema },
  handler: async ({ path }) => getComponentById(path.id),
});
