import { httpHandler } from '#lib/http';
import { toPublicUser } from '#services/auth/identity';

export const handler = httpHandler({
  handler: async ({ requireSession }) => toPublicUser(requireSession().user),
});
