import { backChannelLogoutSchema } from '#shared/schemas/sso';
import { httpHandler, reply } from '#lib/http';
import { endProviderSessions } from '#services/auth/sso/back-channel-logout';

export const handler = httpHandler({
  schema: { body: backChannelLogoutSchema },
  handler: async ({ body }) => {
    await endProviderSessions(body.logout_token);
    return reply({ status: 200, body: {} });
  },
});
