import { messages } from '#shared/messages';
import { userIdPathSchema } from '#shared/schemas/users';
import { httpHandler } from '#lib/http';
import { deleteUserAsAdmin } from '#services/users';

export const handler = httpHandler({
  schema: { path: userIdPathSchema },
  handler: async ({ path, requireSession }) => {
    await deleteUserAsAdmin(requireSession().user, path.id);
    return { message: messages.userDeleted };
  },
});
