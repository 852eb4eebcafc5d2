import { httpHandler } from '#lib/http';
import { currentImageBatch } from '#services/image-batches';

export const handler = httpHandler({
  handler: async () => currentImageBatch(),
});
