import { httpHandler } from '#lib/http';
import { signInOptions } from '#services/auth/sso/sign-in';

export const handler = httpHandler({ handler: async () => signInOptions() });
