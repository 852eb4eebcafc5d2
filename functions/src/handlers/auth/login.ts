import { loginSchema } from '#shared/schemas/auth';
import { presessionCookie, sessionCookie } from '#lib/cookies';
import { httpHandler, reply } from '#lib/http';
import { login, toPublicUser } from '#services/auth/identity';
import { randomToken } from '#services/auth/tokens';

export const handler = httpHandler({
  schema: { body: loginSchema },
  handler: async ({ body, request }) => {
    const { user, token } = await login(body, request.sourceIp, request.userAgent);
    // A new pre-session binding as well: a CSRF token issued before login (or a pre-session
    // cookie planted by someone else) is worth nothing afterwards.
    return reply({
      body: toPublicUser(user),
      cookies: [sessionCookie(token, request.secure), presessionCookie(randomToken(), request.secure)],
    });
  },
});
