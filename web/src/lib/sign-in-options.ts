import { useEffect, useState } from 'react';
import type { SignInOptions } from '#shared/schemas/sso';
import { api } from '#web/lib/api-client.ts';

export const SIGN_IN_OPTIONS_PATH = '/sso/options';

/**
 * GET /api/sso/options: the single sign-on button (when set up) and who may use a password; the
 * login page and the Settings screen (confirming with the provider) both ask.
 * Asked with a plain request rather than through the query cache: the login page is the first
 * page most people load, and the cache's code is not needed for one answer.
 */
export const useSignInOptions = (enabled = true) => {
  const [state, setState] = useState<{ options?: SignInOptions; error?: unknown; done: boolean }>({ done: false });
  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    api.getOrNull<SignInOptions>(SIGN_IN_OPTIONS_PATH).then(
      (options) => current && setState({ options: options ?? undefined, done: true }),
      (error: unknown) => current && setState({ error, done: true }),
    );
    return () => {
      current = false;
    };
  }, [enabled]);
  return { options: state.options, error: state.error, isLoading: enabled && !state.done };
};
