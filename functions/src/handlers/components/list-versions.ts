import { componentIdSchema } from '#shared/schemas/component';
import { httpHandler } from '#lib/http';
import { listVersions } from '#repositories/versions';

export const handler = httpHandler({
  schema: { path: componentIdSchema },
  handler: async ({ path }) => listVersions(path.id),
});
