import { PRESESSION_COOKIE, presessionCookie } from '#lib/cookies';
import { httpHandler, reply } from '#lib/http';
import { csrfTokenFor } from '#services/auth/csrf';
import { randomToken } from '#services/auth/tokens';

export const handler = httpHandler({
  handler: async ({ request, session }) => {
    if (session) return { token: await csrfTokenFor({ sessionTokenHash: session.session.tokenHash }) };
    const presessionId = request.cookies[PRESESSION_COOKIE] ?? randomToken();
    return reply({
      body: { token: await csrfTokenFor({ presessionId }) },
      cookies: request.cookies[PRESESSION_COOKIE] ? [] : [presessionCookie(presessionId, request.secure)],
    });
  },
});
