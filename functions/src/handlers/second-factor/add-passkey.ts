import { addPasskeySchema } from '#shared/schemas/second-factor';
import { httpHandler, reply } from '#lib/http';
import { addUserPasskey } from '#services/auth/second-factor/enrolment';

export const handler = httpHandler({
  schema: { body: addPasskeySchema },
  handler: async ({ body, requireSession }) =>
    reply({ status: 201, body: await addUserPasskey(requireSession().user, body.name, body.response) }),
});
