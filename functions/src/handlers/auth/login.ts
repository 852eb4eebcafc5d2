import { loginSchema } from '#shared/schemas/auth';
import { sessionCookie } from '#lib/cookies';
import { httpHandler, reply } from '#lib/http';
import { login, toPublicUser } from '#services/auth/identity';

export const handler = httpHandler({
  schema: { body: loginSchema },
  handler: async ({ body, request }) => {
    const { user, token } = await login(body, request.sourceIp);
    return reply({ body: toPublicUser(user), cookies: [sessionCookie(token, request.secure)] });
  },
});
