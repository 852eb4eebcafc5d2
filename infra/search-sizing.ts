/*
 * The search function (the one holder of the index) is sized from the catalogue size the
 * deployment declares (context `catalogueSize`, parts; 100,000 when unset):
 * - memory: 512 MB for the runtime, the bundle and a request's own work, plus 1.6 MB per
 *   thousand parts (the cold-load bench's peak RSS is about 325 MB at 100,000 parts and at most
 *   1.2 GB is allowed at a million), rounded up to 64 MB; never below one whole vCPU (1769 MB),
 *   which a search per keystroke needs, and at most Lambda's 10,240 MB;
 * - timeout: 29 s at every size, just under API Gateway's 30 s: the holder answers the other
 *   routes' invocations, an export (written whole to the bucket) the longest of them.
 * A size that is not a whole number of parts from 1 to 5,000,000 fails the synth.
 */

export const DEFAULT_CATALOGUE_SIZE = 100_000;
/** Above this the index is not known to fit one function; the synth refuses it. */
export const MAX_CATALOGUE_SIZE = 5_000_000;

const BASE_MB = 512;
const MB_PER_THOUSAND_PARTS = 1.6;
const ONE_VCPU_MB = 1769;
const LAMBDA_MAX_MB = 10_240;
const SEARCH_TIMEOUT_SECONDS = 29;

export interface SearchSizing {
  readonly memoryMb: number;
  readonly timeoutSeconds: number;
}

/** The declared size, read from context; anything but a whole number of parts in range is refused. */
export const catalogueSizeOf = (declared: unknown): number => {
  if (declared === undefined || declared === null || declared === '') return DEFAULT_CATALOGUE_SIZE;
  const size = typeof declared === 'string' && /^\s*\d+\s*$/.test(declared) ? Number(declared) : declared;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > MAX_CATALOGUE_SIZE)
    throw new Error(
      `Context 'catalogueSize' must be a whole number of parts from 1 to ${MAX_CATALOGUE_SIZE} (got ${JSON.stringify(declared)})`,
    );
  return size;
};

/** The search function's memory and timeout for a catalogue of `catalogueSize` parts. */
export const searchFunctionSizing = (catalogueSize: number): SearchSizing => {
  const needed = Math.ceil((BASE_MB + (MB_PER_THOUSAND_PARTS * catalogueSize) / 1000) / 64) * 64;
  return {
    memoryMb: Math.min(LAMBDA_MAX_MB, Math.max(ONE_VCPU_MB, needed)),
    timeoutSeconds: SEARCH_TIMEOUT_SECONDS,
  };
};
