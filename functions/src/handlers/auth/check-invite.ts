import { checkInviteSchema } from '#shared/schemas/users';
import { httpHandler } from '#lib/http';
import { checkInvitation } from '#services/users';

export const handler = httpHandler({
  schema: { body: checkInviteSchema },
  handler: async ({ body, request }) => checkInvitation(body.token, request.sourceIp),
});
