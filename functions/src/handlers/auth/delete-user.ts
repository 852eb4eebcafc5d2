import { deleteAccountSchema } from '#shared/schemas/auth';
import { clearedSessionCookie } from '#lib/cookies';
import { httpHandler, reply } from '#lib/http';
import { deleteOwnAccount } from '#services/auth/identity';

export const handler = httpHandler({
  schema: { body: deleteAccountSchema },
  handler: async ({ body, requireSession, request }) => {
    const { user, session } = requireSession();
    await deleteOwnAccount(user, session, body.currentPassword);
    return reply({ status: 204, cookies: [clearedSessionCookie(request.secure)] });
  },
});
