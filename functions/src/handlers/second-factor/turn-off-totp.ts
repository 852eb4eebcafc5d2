import { turnOffTotpSchema } from '#shared/schemas/second-factor';
import { httpHandler, reply } from '#lib/http';
import { turnOffTotp } from '#services/auth/second-factor/enrolment';

export const handler = httpHandler({
  schema: { body: turnOffTotpSchema },
  handler: async ({ body, requireSession }) => {
    await turnOffTotp(requireSession().user, body.currentPassword);
    return reply({ status: 204 });
  },
});
