import { componentIdSchema } from '#shared/schemas/component';
import { httpHandler } from '#lib/http';
import { readPartProtection } from '#services/distributors/fill';

export const handler = httpHandler({
  schema: { path: componentIdSchema },
  handler: async ({ path }) => readPartProtection(path.id),
});
