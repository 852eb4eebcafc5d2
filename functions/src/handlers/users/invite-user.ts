import { messages } from '#shared/messages';
import { inviteSchema } from '#shared/schemas/users';
import { httpHandler, reply } from '#lib/http';
import { inviteUser } from '#services/users';

export const handler = httpHandler({
  schema: { body: inviteSchema },
  handler: async ({ body }) =>
    reply({ status: 201, body: { message: messages.invitationSent, user: await inviteUser(body.email, body.role) } }),
});
