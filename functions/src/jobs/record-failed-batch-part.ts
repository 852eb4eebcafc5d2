import { recordFailedBatchPart, type BatchPartInput } from '#services/image-batches';

/** The Map state's catch: a part whose search failed after the retries is counted as failed. */
export const handler = async (input: BatchPartInput & { error?: { Error?: string; Cause?: string } }) =>
  recordFailedBatchPart(input);
