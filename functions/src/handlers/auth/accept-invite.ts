import { acceptInviteSchema } from '#shared/schemas/users';
import { sessionCookie } from '#lib/cookies';
import { httpHandler, reply } from '#lib/http';
import { toPublicUser } from '#services/users';
import { acceptInvite } from '#services/users';

export const handler = httpHandler({
  schema: { body: acceptInviteSchema },
  handler: async ({ body, request }) => {
    const { user, sessionToken } = await acceptInvite(body.token, body.username, body.password, {
      clientIp: request.sourceIp,
      userAgent: request.userAgent,
    });
    return reply({ body: toPublicUser(user), cookies: [sessionCookie(sessionToken, request.secure)] });
  },
});
