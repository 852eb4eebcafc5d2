import { tokenIdPathSchema } from '#shared/schemas/tokens';
import { httpHandler, reply } from '#lib/http';
import { revokeOwnToken } from '#services/auth/access-tokens';

export const handler = httpHandler({
  schema: { path: tokenIdPathSchema },
  handler: async ({ path, requireSession }) => {
    await revokeOwnToken(requireSession().user, path.id);
    return reply({ status: 204 });
  },
});
