import { messages } from '#shared/messages';
import { setUserPasswordSchema, userIdPathSchema } from '#shared/schemas/users';
import { httpHandler } from '#lib/http';
import { setUserPassword } from '#services/users';

export const handler = httpHandler({
  schema: { path: userIdPathSchema, body: setUserPasswordSchema },
  handler: async ({ path, body, requireSession }) => {
    await setUserPassword(requireSession().user, path.id, body.newPassword);
    return { message: messages.passwordUpdated };
  },
});
