import type { AccessToken, CreatedToken, TokenKind, TokenScope } from '#shared/schemas/tokens';
import { api } from '#web/lib/api-client.ts';
import { useApiQuery } from '#web/lib/api-query.ts';

export const TOKENS_KEY = '/tokens';
export const ALL_TOKENS_KEY = '/admin/tokens';

/** GET /api/tokens: the signed-in person's tokens, newest first. */
export const useTokens = () => {
  const { data, isLoading, error, reload } = useApiQuery<AccessToken[]>(TOKENS_KEY);
  return { tokens: data ?? [], isLoading, error, reload };
};

/** POST /api/tokens: a new token, its secret shown this once. */
export const createToken = (input: { name: string; scopes: TokenScope[]; expiresAt: string; kind: TokenKind }) =>
  api.post<CreatedToken>(TOKENS_KEY, input);

/** DELETE /api/tokens/{id}. */
export const revokeToken = (id: string) => api.delete<void>(`${TOKENS_KEY}/${id}`);

/** GET /api/admin/tokens: everyone's tokens (administrators). */
export const useAllTokens = (enabled: boolean) => {
  const { data, isLoading, reload } = useApiQuery<AccessToken[]>(enabled ? ALL_TOKENS_KEY : null);
  return { tokens: data ?? [], isLoading, reload };
};

/** PATCH /api/admin/tokens/{id}: disables or enables a token. */
export const setTokenDisabled = (id: string, disabled: boolean) =>
  api.patch<AccessToken>(`${ALL_TOKENS_KEY}/${id}`, { disabled });
