import { httpHandler } from '#lib/http';
import { allTokens } from '#services/auth/access-tokens';

export const handler = httpHandler({ handler: async () => allTokens() });
