import type { ImageBatch } from '#shared/schemas/images';

/** Descriptions in the recent images list are cut at 80 characters. */
export const DESCRIPTION_SHOWN = 80;
export const truncateDescription = (text: string | null): string =>
  !text ? '' : text.length > DESCRIPTION_SHOWN ? `${text.slice(0, DESCRIPTION_SHOWN)}...` : text;

export type ConfidenceVariant = 'default' | 'secondary' | 'destructive';

/** The confidence badge is 'default' above 0.9, 'secondary' above 0.8, else 'destructive'. */
export const confidenceVariant = (confidence: number): ConfidenceVariant =>
  confidence > 0.9 ? 'default' : confidence > 0.8 ? 'secondary' : 'destructive';

export const percent = (part: number, whole: number): number => (whole === 0 ? 0 : Math.round((part / whole) * 100));

/** A batch's counts in words, with the per-source split for Smart Search. */
export const batchCounts = (
  batch: Pick<ImageBatch, 'provider' | 'processed' | 'success' | 'failed' | 'sources'>,
): string => {
  const counts = `Processed ${batch.processed} ${batch.processed === 1 ? 'component' : 'components'}: ${batch.success} with images found, ${batch.failed} failed`;
  return batch.provider === 'both'
    ? `${counts} (Digi-Key: ${batch.sources.digikey}, Mouser: ${batch.sources.mouser})`
    : counts;
};
