import * as z from 'zod';
import { httpHandler } from '#lib/http';
import { dataBatchReport } from '#services/image-batches';

export const handler = httpHandler({
  schema: { path: z.object({ id: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/i, 'Batch not found') }) },
  handler: async ({ path }) => dataBatchReport(path.id),
});
