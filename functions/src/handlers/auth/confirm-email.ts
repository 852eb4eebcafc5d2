import { messages } from '#shared/messages';
import { confirmEmailSchema } from '#shared/schemas/auth';
import { httpHandler } from '#lib/http';
import { confirmEmail } from '#services/auth/identity';

export const handler = httpHandler({
  schema: { body: confirmEmailSchema },
  handler: async ({ body }) => {
    const { email } = await confirmEmail(body.token);
    return { message: messages.emailConfirmed(email), email };
  },
});
