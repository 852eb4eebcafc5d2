import { messages } from '#shared/messages';
import { changePasswordSchema } from '#shared/schemas/auth';
import { httpHandler } from '#lib/http';
import { changePassword } from '#services/auth/identity';

export const handler = httpHandler({
  schema: { body: changePasswordSchema },
  handler: async ({ body, requireSession }) => {
    const { user, session } = requireSession();
    await changePassword(user, session, body.currentPassword, body.newPassword);
    return { message: messages.passwordChanged };
  },
});
