import { createTokenSchema } from '#shared/schemas/tokens';
import { httpHandler, reply } from '#lib/http';
import { createToken } from '#services/auth/access-tokens';

export const handler = httpHandler({
  schema: { body: createTokenSchema },
  handler: async ({ body, requireSession }) =>
    reply({ status: 201, body: await createToken(requireSession().user, body) }),
});
