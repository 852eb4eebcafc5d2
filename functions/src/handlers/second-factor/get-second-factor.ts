import { httpHandler } from '#lib/http';
import { secondFactorStatus } from '#services/auth/second-factor/enrolment';

export const handler = httpHandler({
  handler: async ({ requireSession }) => secondFactorStatus(requireSession().user),
});
