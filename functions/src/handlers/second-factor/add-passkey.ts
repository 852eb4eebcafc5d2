import { addPasskeySchema } from '#shared/schemas/second-factor';
import { httpHandler, reply } from '#lib/http';
import { setUpPasskey } from '#services/auth/second-factor/enrolment';

export const handler = httpHandler({
  schema: { body: addPasskeySchema },
  handler: async ({ body, requireSession }) => {
    const answer = await setUpPasskey(requireSession().user, body);
    return reply({ status: 'passkeyOptions' in answer ? 200 : 201, body: answer });
  },
});
