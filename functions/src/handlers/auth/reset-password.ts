import { messages } from '#shared/messages';
import { resetPasswordSchema } from '#shared/schemas/auth';
import { httpHandler } from '#lib/http';
import { resetPassword } from '#services/auth/identity';

export const handler = httpHandler({
  schema: { body: resetPasswordSchema },
  handler: async ({ body }) => {
    await resetPassword(body.token, body.password);
    return { message: messages.passwordReset };
  },
});
