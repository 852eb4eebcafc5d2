import { listBatchParts, type BatchExecutionInput } from '#services/image-batches';

/** State machine step 1: the parts without an approved image (of the batch's class), as the Map state's items. */
export const handler = async (input: BatchExecutionInput) => listBatchParts(input);
