import { ssoCallbackQuerySchema } from '#shared/schemas/sso';
import { httpHandler, reply } from '#lib/http';
import { finishSignIn } from '#services/auth/sso/sign-in';

export const handler = httpHandler({
  schema: { query: ssoCallbackQuerySchema },
  handler: async ({ query, request }) => {
    const { location, cookies } = await finishSignIn(query, request);
    return reply({ status: 302, headers: { location }, cookies });
  },
});
