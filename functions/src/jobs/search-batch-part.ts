import { searchBatchPart, type BatchPartInput } from '#services/image-batches';

/** The Map state's task: one part searched at the batch's distributor(s); throttling is thrown for the state machine's retry. */
export const handler = async (input: BatchPartInput) => searchBatchPart(input);
