import type { BatchProvider, StartImageBatchResponse } from '#shared/schemas/images';
import { api } from '#web/lib/api-client.ts';

/** The three batch actions' endpoints. */
const batchPaths: Record<BatchProvider, string> = {
  digikey: '/admin/process-images',
  mouser: '/admin/mouser/batch-retrieve-images',
  both: '/admin/unified/batch-retrieve-images',
};

/** Starts a batch of the parts without an image (of one class, or all); answers at once. */
export const startImageBatch = (provider: BatchProvider, componentClass: string | undefined) =>
  api.post<StartImageBatchResponse>(batchPaths[provider], componentClass ? { componentClass } : {});
