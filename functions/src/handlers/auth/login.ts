import { loginSchema } from '#shared/schemas/auth';
import { pendingSignInCookie, presessionCookie, sessionCookie } from '#lib/cookies';
import { httpHandler, reply } from '#lib/http';
import { login } from '#services/auth/identity';
import { toPublicUser } from '#services/users';
import { randomToken } from '#services/auth/tokens';

export const handler = httpHandler({
  schema: { body: loginSchema },
  handler: async ({ body, request }) => {
    const outcome = await login(body, request.sourceIp, request.userAgent);
    // An account with a second factor gets no session yet: the answer says which factors it
    // can give, and the pending sign-in's cookie carries the browser to the second step.
    if (outcome.secondFactor) {
      return reply({
        body: outcome.secondFactor.challenge,
        cookies: [pendingSignInCookie(outcome.secondFactor.pendingToken, request.secure)],
      });
    }
    // A new pre-session binding as well: a CSRF token issued before login (or a pre-session
    // cookie planted by someone else) is worth nothing afterwards.
    return reply({
      body: toPublicUser(outcome.user),
      cookies: [sessionCookie(outcome.token, request.secure), presessionCookie(randomToken(), request.secure)],
    });
  },
});
