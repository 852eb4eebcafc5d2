import type { LoginInput } from '#shared/schemas/auth';
import type { SecondFactorChallenge } from '#shared/schemas/second-factor';
import { api } from '#web/lib/api-client.ts';
import type { User } from '#web/lib/auth.tsx';

/**
 * POST /api/login: the user, with a fresh session cookie; or, for an account with a second
 * factor, no session yet but the factors it can give next.
 */
export const login = (input: LoginInput) => api.post<User | SecondFactorChallenge>('/login', input);

export const needsSecondFactor = (answer: User | SecondFactorChallenge): answer is SecondFactorChallenge =>
  'secondFactorRequired' in answer && answer.secondFactorRequired;
