import useSWR from 'swr';
import type { SignInOptions } from '#shared/schemas/sso';

export const SIGN_IN_OPTIONS_KEY = '/sso/options';

/** GET /api/sso/options: the single sign-on button (when set up) and who may use a password. */
export const useSignInOptions = (enabled = true) => {
  const { data, error, isLoading } = useSWR<SignInOptions | null>(enabled ? SIGN_IN_OPTIONS_KEY : null);
  return { options: data ?? undefined, error: error as unknown, isLoading };
};
