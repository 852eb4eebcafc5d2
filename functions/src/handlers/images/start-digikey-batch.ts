import { startImageBatchSchema } from '#shared/schemas/images';
import { httpHandler } from '#lib/http';
import { startImageBatch } from '#services/image-batches';

export const handler = httpHandler({
  schema: { body: startImageBatchSchema },
  handler: async ({ body, requireSession }) => startImageBatch(requireSession().user, 'digikey', body.componentClass),
});
