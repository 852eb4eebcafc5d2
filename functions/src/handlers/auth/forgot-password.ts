import { messages } from '#shared/messages';
import { forgotPasswordSchema } from '#shared/schemas/auth';
import { httpHandler } from '#lib/http';
import { requestPasswordReset } from '#services/auth/identity';

export const handler = httpHandler({
  schema: { body: forgotPasswordSchema },
  handler: async ({ body, request }) => {
    await requestPasswordReset(body.email, request.sourceIp);
    return { message: messages.resetLinkSent };
  },
});
