import { ssoStartQuerySchema } from '#shared/schemas/sso';
import { httpHandler, reply } from '#lib/http';
import { startSignIn } from '#services/auth/sso/sign-in';

export const handler = httpHandler({
  schema: { query: ssoStartQuerySchema },
  handler: async ({ query, request }) => {
    const { location, cookies } = await startSignIn(query.returnTo, request);
    return reply({ status: 302, headers: { location }, cookies });
  },
});
