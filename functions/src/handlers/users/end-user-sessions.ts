import { messages } from '#shared/messages';
import { userIdPathSchema } from '#shared/schemas/users';
import { httpHandler } from '#lib/http';
import { endAllSessionsOfUser } from '#services/auth/active-sessions';

export const handler = httpHandler({
  schema: { path: userIdPathSchema },
  handler: async ({ path, requireSession }) => {
    await endAllSessionsOfUser(requireSession().user, path.id);
    return { message: messages.userSessionsEnded };
  },
});
