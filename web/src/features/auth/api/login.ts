import type { LoginInput } from '#shared/schemas/auth';
import { api } from '#web/lib/api-client.ts';
import type { User } from '#web/lib/auth.tsx';

/** POST /api/login: the user, with a fresh session cookie. */
export const login = (input: LoginInput) => api.post<User>('/login', input);
