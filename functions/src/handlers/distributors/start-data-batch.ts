import { startDataBatchSchema } from '#shared/schemas/data-batches';
import { httpHandler } from '#lib/http';
import { startDataBatch } from '#services/image-batches';

export const handler = httpHandler({
  schema: { body: startDataBatchSchema },
  handler: async ({ body, requireSession }) => startDataBatch(requireSession().user, body),
});
