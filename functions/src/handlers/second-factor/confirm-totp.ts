import { confirmTotpSchema } from '#shared/schemas/second-factor';
import { httpHandler } from '#lib/http';
import { confirmTotpEnrolment } from '#services/auth/second-factor/enrolment';

export const handler = httpHandler({
  schema: { body: confirmTotpSchema },
  handler: async ({ body, requireSession }) => confirmTotpEnrolment(requireSession().user, body.code),
});
