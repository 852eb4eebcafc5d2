/**
 * Callers of the emulator are told apart by their credentials (the Digi-Key client id, the
 * Mouser key): each is a tenant with its own queued faults, extra products and counters, so
 * parallel test files do not meet.
 */
import type { IncomingMessage } from 'node:http';
import type { FileVariant } from './files.ts';
import type { EmulatedProvider } from './products.ts';

export type EmulatorEndpoint = 'token' | 'search' | 'file';

/**
 * The answers real distributors give when something is wrong, switchable per tenant:
 * - `throttle`: a burst limit, 429 with a short Retry-After (Digi-Key with its X-BurstLimit-* headers);
 * - `daily-limit`: the distributor's daily limit (Digi-Key: 429, Retry-After 28416 s and
 *   X-RateLimit-Remaining 0; Mouser: HTTP 200 with `TooManyRequests` and a null message);
 * - `ratelimited-503`: Digi-Key's 503 carrying X-RateLimit-* headers;
 * - `unauthorized`: Digi-Key's 401 bodies, Mouser's 200 "Invalid unique identifier.";
 * - `invalid-characters`: Mouser's 200 `InvalidCharacters` (it also answers so for any non-ASCII text);
 * - `blocked`: a file host's bot-protection 403 HTML page;
 * - `error` (500), `malformed` (not JSON), `wrong-shape`, `hang` (no answer at all).
 */
export type FaultKind =
  | 'throttle'
  | 'daily-limit'
  | 'ratelimited-503'
  | 'error'
  | 'unauthorized'
  | 'invalid-characters'
  | 'blocked'
  | 'malformed'
  | 'wrong-shape'
  | 'hang';

export const faultKinds: readonly FaultKind[] = [
  'throttle',
  'daily-limit',
  'ratelimited-503',
  'error',
  'unauthorized',
  'invalid-characters',
  'blocked',
  'malformed',
  'wrong-shape',
  'hang',
];

export interface Fault {
  kind: FaultKind;
  /** Only this distributor's calls (both when absent). */
  provider?: EmulatedProvider;
  /** Only token, search or file calls (token and search when absent; tokens are Digi-Key's only). */
  endpoint?: EmulatorEndpoint;
  /** How many matching calls get it (1 when absent). */
  times?: number;
  /** The Retry-After of a `throttle` or `daily-limit` fault, in seconds. */
  retryAfterSeconds?: number;
}

/** A product a tenant registers through the control API, with chosen files. */
export interface EmulatedProduct {
  manufacturerPartNumber: string;
  manufacturer: string;
  description?: string;
  /** Photo: 'png' (default), 'gif', 'html', 'oversized', 'redirect', 'missing', or null for none. */
  image?: FileVariant | null;
  /** Datasheet: 'pdf' (default), 'html', 'oversized', 'redirect', 'missing', or null for none. */
  datasheet?: FileVariant | null;
}

export interface TenantStats {
  tokensIssued: number;
  calls: Record<string, number>;
  /** The last requests (newest last): endpoint, answer status, the headers and body that matter. */
  requests: { endpoint: string; status: number; headers: Record<string, string>; body: unknown }[];
}

export interface Tenant {
  name: string;
  faults: (Fault & { left: number })[];
  products: Map<string, Required<EmulatedProduct>>;
  tokenLifetimeSeconds: number;
  stats: TenantStats;
}

export const newTenant = (name: string): Tenant => ({
  name,
  faults: [],
  products: new Map(),
  tokenLifetimeSeconds: 599,
  stats: { tokensIssued: 0, calls: {}, requests: [] },
});

export const record = (tenant: Tenant, endpoint: string, status: number, request: IncomingMessage, body: unknown) => {
  tenant.stats.calls[endpoint] = (tenant.stats.calls[endpoint] ?? 0) + 1;
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(
      ([name]) => name.startsWith('x-digikey-') || name === 'authorization' || name === 'content-type',
    ),
  ) as Record<string, string>;
  tenant.stats.requests.push({ endpoint, status, headers, body });
  if (tenant.stats.requests.length > 50) tenant.stats.requests.shift();
};

/** The next queued fault for this call, used up by one. */
export const takeFault = (
  tenant: Tenant,
  provider: EmulatedProvider,
  endpoint: EmulatorEndpoint,
): Fault | undefined => {
  const index = tenant.faults.findIndex(
    (fault) =>
      (!fault.provider || fault.provider === provider) &&
      (fault.endpoint ? fault.endpoint === endpoint : endpoint !== 'file'),
  );
  if (index < 0) return undefined;
  const fault = tenant.faults[index]!;
  if (--fault.left <= 0) tenant.faults.splice(index, 1);
  return fault;
};
