import { useApiQuery } from '../../../lib/api-query';
import type { SignInOptions } from '#shared/schemas/sso';

export const SIGN_IN_OPTIONS_KEY = '/sso/options';

/** GET /api/sso/options: the single sign-on button (when set up) and who may use a password. */
export const useSignInOptions = (enabled = true) => {
  const { data, error, isLoading } = useApiQuery<SignInOptions>(enabled ? SIGN_IN_OPTIONS_KEY : null);
  return { options: data, error, isLoading };
};
