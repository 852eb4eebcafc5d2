import { messages } from '#shared/messages';
import { httpHandler } from '#lib/http';
import { endOtherOwnSessions } from '#services/auth/active-sessions';

export const handler = httpHandler({
  handler: async ({ requireSession }) => {
    await endOtherOwnSessions(requireSession());
    return { message: messages.otherSessionsEnded };
  },
});
