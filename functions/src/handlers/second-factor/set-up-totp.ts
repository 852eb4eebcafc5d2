import { setUpTotpSchema } from '#shared/schemas/second-factor';
import { httpHandler } from '#lib/http';
import { setUpTotp } from '#services/auth/second-factor/enrolment';

export const handler = httpHandler({
  schema: { body: setUpTotpSchema },
  handler: async ({ body, requireSession }) => setUpTotp(requireSession().user, body.code),
});
