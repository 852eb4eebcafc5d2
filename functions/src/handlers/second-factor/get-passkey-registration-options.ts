import { httpHandler } from '#lib/http';
import { startPasskeyRegistration } from '#services/auth/second-factor/enrolment';

export const handler = httpHandler({
  handler: async ({ requireSession }) => startPasskeyRegistration(requireSession().user),
});
