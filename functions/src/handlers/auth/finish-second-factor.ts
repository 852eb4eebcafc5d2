import { secondFactorSignInSchema } from '#shared/schemas/second-factor';
import { clearedPendingSignInCookie, PENDING_SIGN_IN_COOKIE, presessionCookie, sessionCookie } from '#lib/cookies';
import { httpHandler, reply } from '#lib/http';
import { toPublicUser } from '#services/users';
import { secondFactorStep } from '#services/auth/second-factor/sign-in';
import { randomToken } from '#services/auth/tokens';

export const handler = httpHandler({
  schema: { body: secondFactorSignInSchema },
  handler: async ({ body, request }) => {
    const step = await secondFactorStep(request.cookies[PENDING_SIGN_IN_COOKIE], body, {
      clientIp: request.sourceIp,
      userAgent: request.userAgent,
    });
    if (!step.signedIn) return step;
    // Signed in: the same answer and cookies as a login without a second factor.
    return reply({
      body: toPublicUser(step.signedIn.user),
      cookies: [
        sessionCookie(step.signedIn.token, request.secure),
        presessionCookie(randomToken(), request.secure),
        clearedPendingSignInCookie(request.secure),
      ],
    });
  },
});
