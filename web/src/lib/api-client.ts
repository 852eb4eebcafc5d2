/**
 * The one HTTP client of the SPA: every path is
 * under /api, cookies always go along, writes carry the CSRF token, and a non-OK answer throws an
 * error whose message is "{status}: {body text or status text}".
 */

export const API_PREFIX = '/api';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The JSON error body every endpoint answers with: `{ message, fields? }`. */
export interface ApiErrorBody {
  message?: string;
  fields?: Record<string, string>;
}

export class ApiError extends Error {
  readonly status: number;
  /** The parsed JSON body when the answer had one. */
  readonly body: ApiErrorBody | undefined;

  constructor(status: number, text: string, statusText: string) {
    super(`${status}: ${text || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = parseErrorBody(text);
  }

  /** The server's own message, for the description of a failure toast. */
  get serverMessage(): string | undefined {
    return this.body?.message;
  }
}

const parseErrorBody = (text: string): ApiErrorBody | undefined => {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as ApiErrorBody) : undefined;
  } catch {
    return undefined;
  }
};

/** The message to show for a failed call: the server's message, else the error's own. */
export const errorMessage = (error: unknown, fallback: string): string => {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
};

let csrfToken: string | undefined;
let csrfRequest: Promise<string> | undefined;

const fetchCsrfToken = async (): Promise<string> => {
  try {
    const response = await fetch(`${API_PREFIX}/csrf-token`, { credentials: 'include' });
    if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
    const { token } = (await response.json()) as { token?: unknown };
    if (typeof token !== 'string') throw new Error('no token in the answer');
    csrfToken = token;
    return token;
  } catch (error) {
    // The write still goes out; the server answers 403 and the next write fetches a fresh token.
    console.warn('Could not fetch the CSRF token', error);
    return '';
  } finally {
    csrfRequest = undefined;
  }
};

/** The cached CSRF token, fetched once and shared by concurrent writes. */
export const getCsrfToken = (): Promise<string> => {
  if (csrfToken !== undefined) return Promise.resolve(csrfToken);
  csrfRequest ??= fetchCsrfToken();
  return csrfRequest;
};

/** Forgets the CSRF token: after a 403, and when the session changes (login, logout). */
export const clearCsrfToken = (): void => {
  csrfToken = undefined;
};

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Sent as `Idempotency-Key`: a write sent again with the same key after a lost answer (a
   * timeout, a 503) is answered as the first was instead of being made twice.
   */
  idempotencyKey?: string;
}

/** This page's own part of idempotency keys, so two browsers never share one. */
const pageKey = globalThis.crypto.randomUUID();

/** The same key for the same action from this page: `idempotencyKeyFor('review', id, 'approved')`. */
export const idempotencyKeyFor = (...action: string[]): string => [pageKey, ...action].join(':');

/**
 * A short digest of what an action carries, for its idempotency key: the server refuses a key sent
 * again with other content, so content the person changed between two tries needs a key of its own.
 */
export const contentDigest = async (content: string): Promise<string> => {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(content));
  return Array.from(new Uint8Array(digest).subarray(0, 12), (byte) => byte.toString(16).padStart(2, '0')).join('');
};

/** A parsed JSON answer with the response's headers (a search's total rides in X-Total-Count). */
export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/** Sends one request and returns the parsed JSON answer (undefined for an empty one) and its headers. */
export const apiRequestWithHeaders = async <T>(
  path: string,
  { method = 'GET', body, signal, idempotencyKey }: RequestOptions = {},
): Promise<ApiResponse<T>> => {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  if (method !== 'GET') headers['x-csrf-token'] = await getCsrfToken();

  const response = await fetch(`${API_PREFIX}${path}`, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });

  if (response.status === 403) clearCsrfToken();
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, response.statusText);
  return { data: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
};

/** Sends one request and returns the parsed JSON answer (undefined for an empty one). */
export const apiRequest = async <T>(path: string, options: RequestOptions = {}): Promise<T> =>
  (await apiRequestWithHeaders<T>(path, options)).data;

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  /** A read where 401 means "nobody is logged in" rather than a failure. */
  getOrNull: async <T>(path: string): Promise<T | null> => {
    try {
      return await apiRequest<T>(path);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options: Pick<RequestOptions, 'idempotencyKey'> = {}) =>
    apiRequest<T>(path, { method: 'PATCH', body, ...options }),
  delete: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'DELETE', body }),
};
