import { httpHandler } from '#lib/http';
import { tokensOf } from '#services/auth/access-tokens';

export const handler = httpHandler({
  handler: async ({ requireSession }) => tokensOf(requireSession().user),
});
