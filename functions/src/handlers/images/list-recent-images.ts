import { recentImagesQuerySchema } from '#shared/schemas/images';
import { httpHandler } from '#lib/http';
import { listRecentImages } from '#services/images';

export const handler = httpHandler({
  schema: { query: recentImagesQuerySchema },
  handler: async ({ query }) => listRecentImages(query.limit),
});
