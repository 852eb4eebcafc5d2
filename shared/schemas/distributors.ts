/*
 * Distributor search ('Find Images & Datasheets', `search-digikey` / `search-mouser`):
 * the providers and what a per-part search answers.
 */

export const distributorNames = ['digikey', 'mouser'] as const;
export type DistributorName = (typeof distributorNames)[number];

/** How the product names each provider to people. */
export const distributorLabels: Record<DistributorName, string> = { digikey: 'Digi-Key', mouser: 'Mouser' };

/** What a search found and stored for the part. */
export interface PartSearchResult {
  imageFound: boolean;
  datasheetFound: boolean;
  /** How well the distributor's product fits the part, 0 to 1 (the attachments' sourceConfidence). */
  confidence: number;
  productUrl: string | null;
  /** The distributor's part number that was used. */
  manufacturerPartNumber: string;
  /** True when the files were published at once; false when they wait in the approval queue. */
  approved: boolean;
}

/**
 * `POST /api/components/{id}/search-digikey` and `/search-mouser`: `{ success: true, result }`, or
 * `{ success: false, result: null, message }` when the distributor has nothing usable for the part.
 */
export type PartSearchResponse =
  { success: true; result: PartSearchResult } | { success: false; result: null; message: string };

/** `sourceMetadata` of an attachment copied from a distributor (JSON text on the attachment). */
export interface DistributorSourceMetadata {
  type: 'image' | 'datasheet';
  source: DistributorName;
  productUrl: string | null;
  /** The address the file was downloaded from. */
  sourceUrl: string;
  manufacturerPartNumber: string;
}
