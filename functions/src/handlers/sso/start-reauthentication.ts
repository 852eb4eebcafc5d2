import { ssoStartQuerySchema } from '#shared/schemas/sso';
import { httpHandler, reply } from '#lib/http';
import { startSignIn } from '#services/auth/sso/sign-in';

export const handler = httpHandler({
  schema: { query: ssoStartQuerySchema },
  handler: async ({ query, request, requireSession }) => {
    const { session, user } = requireSession();
    const { location, cookies } = await startSignIn(query.returnTo, request, {
      sessionTokenHash: session.tokenHash,
      userId: user.id,
    });
    return reply({ status: 302, headers: { location }, cookies });
  },
});
