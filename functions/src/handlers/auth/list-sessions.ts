import { httpHandler } from '#lib/http';
import { listOwnSessions } from '#services/auth/active-sessions';

export const handler = httpHandler({
  handler: async ({ requireSession }) => listOwnSessions(requireSession()),
});
