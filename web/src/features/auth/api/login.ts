import type { LoginInput } from '#shared/schemas/auth';
import { api } from '../../../lib/api-client';
import type { User } from '../../../lib/auth';

/** POST /api/login: the user, with a fresh session cookie. */
export const login = (input: LoginInput) => api.post<User>('/login', input);
