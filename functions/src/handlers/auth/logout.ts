import { messages } from '#shared/messages';
import type { LogoutResult } from '#shared/schemas/sso';
import { clearedSessionCookie } from '#lib/cookies';
import { httpHandler, reply } from '#lib/http';
import { logout } from '#services/auth/identity';
import { providerSignOutUrl } from '#services/auth/sso/sign-in';

export const handler = httpHandler({
  handler: async ({ session, request }) => {
    const endSessionUrl = await providerSignOutUrl(session?.session);
    await logout(session?.session.tokenHash);
    const body: LogoutResult = { message: messages.loggedOut, ...(endSessionUrl && { endSessionUrl }) };
    return reply({ body, cookies: [clearedSessionCookie(request.secure)] });
  },
});
