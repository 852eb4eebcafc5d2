import type { DistributorName } from '#shared/schemas/distributors';
import type { DistributorProductData } from '#shared/schemas/distributor-fill';
import type { Candidate } from './matcher';

/** One product a distributor offers for a searched part, with where its files are. */
export interface DistributorCandidate extends Candidate {
  manufacturerPartNumber: string;
  manufacturer: string;
  description: string | null;
  imageUrl: string | null;
  datasheetUrl: string | null;
  productUrl: string | null;
  /** The answer's data read through the mapping table (fields, lifecycle, stock, prices). */
  data?: DistributorProductData;
}

/**
 * Who a call is for: a person's per-part search may use the day's budget only up to its share;
 * an administrator's image batch may use all of it.
 */
export type CallPurpose = 'search' | 'batch';

export interface FindPartOptions {
  /** Ends the search early (a request's overall deadline). */
  signal?: AbortSignal;
  /** Which share of the day's budget the calls count against ('batch' when absent). */
  purpose?: CallPurpose;
}

/** What Digi-Key and Mouser both offer: products that may be the part, best guesses first. */
export interface Distributor {
  readonly name: DistributorName;
  /** The API's origin: files served from it may come over plain http (the local emulator). */
  readonly apiOrigin: string;
  /**
   * Products listed under one of the part's keys (a maker part number, an article number, a
   * distributor's order number). The manufacturer is for the caller's matcher (the candidates
   * say whose product each is), not a filter that could hide a differently spelt maker.
   */
  findPart(key: string, manufacturer?: string | null, options?: FindPartOptions): Promise<DistributorCandidate[]>;
}

/**
 * Calls allowed per window; `perDay` counts UTC days, `batchReserve` of them are kept for image
 * batches; batches may take at most `batchPerMinute` of each minute's calls (all when absent).
 */
export interface RateLimits {
  perMinute: number;
  perDay: number;
  batchReserve?: number;
  batchPerMinute?: number;
}
