import * as z from 'zod';
import { batchProviders } from './images';
import type { DistributorName } from './distributors';

/*
 * "Refresh lifecycle and data": an administrator's batch over a class or a selection of parts that
 * reads each part from the distributors and files one change request per part whose data differs.
 * It runs as an image batch does (one batch at a time, the same budgets and reserve), and reports
 * what it did per part.
 */

/** The most parts a selection may name. */
export const DATA_BATCH_MAX_SELECTION = 500;

/** `POST /api/admin/data-batch`: a class, or a selection of part ids (the selection wins). */
export const startDataBatchSchema = z.object({
  provider: z.enum(batchProviders),
  componentClass: z.string().trim().min(1).max(200).optional(),
  componentIds: z
    .array(z.number().int().positive())
    .min(1)
    .max(DATA_BATCH_MAX_SELECTION, `Select at most ${DATA_BATCH_MAX_SELECTION} parts`)
    .optional(),
});
export type StartDataBatchInput = z.infer<typeof startDataBatchSchema>;

/** What the batch did with one part. */
export type DataBatchOutcome = 'filed' | 'unchanged' | 'not-found' | 'skipped';

export interface DataBatchPartReport {
  componentId: number;
  /** The part's reference when the batch read it (reports written before it was kept lack it). */
  reference?: string;
  outcome: DataBatchOutcome;
  provider: DistributorName | null;
  /** The change request filed for the part (outcome `filed`). */
  requestId?: string;
  /** Its fields, lifecycle first. */
  fields?: string[];
  /** The link request proposing the distributor's suggested replacement, when it is in the catalogue. */
  replacementRequestId?: string;
  /** Why nothing was filed, in words (protected fields, a pending request of this batch). */
  note?: string;
}

/** `GET /api/admin/data-batch/{id}/parts`: every part's report, and the requests filed (for Bulk Review). */
export interface DataBatchReport {
  batchId: string;
  parts: DataBatchPartReport[];
  requestIds: string[];
}
