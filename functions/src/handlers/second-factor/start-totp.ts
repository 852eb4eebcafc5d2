import { httpHandler } from '#lib/http';
import { startTotpEnrolment } from '#services/auth/second-factor/enrolment';

export const handler = httpHandler({
  handler: async ({ requireSession }) => startTotpEnrolment(requireSession().user),
});
