import { disableTokenSchema, tokenIdPathSchema } from '#shared/schemas/tokens';
import { httpHandler } from '#lib/http';
import { disableToken } from '#services/auth/access-tokens';

export const handler = httpHandler({
  schema: { path: tokenIdPathSchema, body: disableTokenSchema },
  handler: async ({ path, body, requireSession }) => disableToken(requireSession().user, path.id, body.disabled),
});
