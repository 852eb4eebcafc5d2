import { duplicatesQuerySchema } from '#shared/schemas/duplicates';
import { httpHandler } from '#lib/http';
import { findDuplicates } from '#services/duplicates/candidates';

export const handler = httpHandler({
  schema: { query: duplicatesQuerySchema },
  handler: async ({ query }) => findDuplicates(query),
});
