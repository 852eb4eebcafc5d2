import { finishImageBatch } from '#services/image-batches';

/** Last step (also the catch of the whole run): ends the batch, frees the slot, answers the summary. */
export const handler = async (input: {
  batchId: string;
  outcome: 'completed' | 'failed';
  error?: { Error?: string; Cause?: string };
}) => finishImageBatch(input);
