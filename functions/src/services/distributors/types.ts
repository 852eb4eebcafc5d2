import type { DistributorName } from '#shared/schemas/distributors';
import type { Candidate } from './matcher';

/** One product a distributor offers for a searched part, with where its files are. */
export interface DistributorCandidate extends Candidate {
  manufacturerPartNumber: string;
  manufacturer: string;
  description: string | null;
  imageUrl: string | null;
  datasheetUrl: string | null;
  productUrl: string | null;
}

export interface FindPartOptions {
  /** Ends the search early (a request's overall deadline). */
  signal?: AbortSignal;
}

/** What Digi-Key and Mouser both offer: products that may be the part, best guesses first. */
export interface Distributor {
  readonly name: DistributorName;
  /** The API's origin: files served from it may come over plain http (the local emulator). */
  readonly apiOrigin: string;
  /**
   * Both APIs are searched by part number; the manufacturer is for the caller's matcher (the
   * candidates say whose product each is), not a filter that could hide a differently spelt maker.
   */
  findPart(reference: string, manufacturer?: string | null, options?: FindPartOptions): Promise<DistributorCandidate[]>;
}

/** Calls allowed per window; `perDay` counts UTC days. */
export interface RateLimits {
  perMinute: number;
  perDay: number;
}
