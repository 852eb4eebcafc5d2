import { messages } from '#shared/messages';
import { clearedSessionCookie } from '#lib/cookies';
import { httpHandler, reply } from '#lib/http';
import { logout } from '#services/auth/identity';

export const handler = httpHandler({
  handler: async ({ session, request }) => {
    await logout(session?.session.tokenHash);
    return reply({ body: { message: messages.loggedOut }, cookies: [clearedSessionCookie(request.secure)] });
  },
});
