import { clearedSessionCookie } from '#lib/cookies';
import { httpHandler, reply } from '#lib/http';
import { deleteOwnAccount } from '#services/auth/identity';

export const handler = httpHandler({
  handler: async ({ requireSession, request }) => {
    const { user, session } = requireSession();
    await deleteOwnAccount(user, session.tokenHash);
    return reply({ status: 204, cookies: [clearedSessionCookie(request.secure)] });
  },
});
