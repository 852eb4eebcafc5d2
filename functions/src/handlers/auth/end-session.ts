import { messages } from '#shared/messages';
import { sessionIdPathSchema } from '#shared/schemas/sessions';
import { httpHandler } from '#lib/http';
import { endOwnSession } from '#services/auth/active-sessions';

export const handler = httpHandler({
  schema: { path: sessionIdPathSchema },
  handler: async ({ path, requireSession }) => {
    await endOwnSession(requireSession(), path.id);
    return { message: messages.sessionEnded };
  },
});
